import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { TextMessage } from '@fieldwork/domain/texts/texts.schemas';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ErrorState } from '../../../components/error-state';
import { Field } from '../../../components/field';
import { FormAlert } from '../../../components/form-alert';
import { Input } from '../../../components/input';
import { formatDateTime } from '../../../lib/format';
import { textMessagesKey, textSettingsApi } from './texts-settings.api';

export const TEST_TEXT_QUEUED = 'Test text on its way.';
export const TEST_TEXT_KEPT = 'No text provider: the test text is kept as not sent.';

const STATUS_LABELS = {
  held: 'Held',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  undelivered: 'Undelivered',
  failed: 'Failed',
  not_sent: 'Not sent',
} as const satisfies Record<TextMessage['status'], string>;

/** A test text, and the company's latest texts with their delivery state (what would have gone out, without Twilio). */
export function RecentTexts({ timeZone }: { timeZone: string }) {
  const queryClient = useQueryClient();
  const [to, setTo] = useState('');
  const texts = useQuery({ queryKey: textMessagesKey, queryFn: textSettingsApi.messages });
  const test = useMutation({
    mutationFn: textSettingsApi.test,
    onSuccess: async (sent) => {
      toast.success(sent.status === 'not_sent' ? TEST_TEXT_KEPT : TEST_TEXT_QUEUED);
      setTo('');
      await queryClient.invalidateQueries({ queryKey: textMessagesKey });
    },
  });
  return (
    <Card title="Texts">
      <div className="space-y-4">
        <form
          className="flex max-w-lg flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (to.trim()) test.mutate(to.trim());
          }}
        >
          <Field label="Send a test text to" className="flex-1">
            <Input inputMode="tel" autoComplete="tel" value={to} onChange={(e) => setTo(e.target.value)} placeholder="(201) 555-0123" />
          </Field>
          <Button type="submit" variant="secondary" loading={test.isPending} disabled={!to.trim()}>
            Send test
          </Button>
        </form>
        <FormAlert error={test.error} />
        {texts.isLoading ? (
          <p className="text-sm text-muted">Loading texts…</p>
        ) : texts.error ? (
          <ErrorState error={texts.error} onRetry={() => void texts.refetch()} />
        ) : !texts.data?.length ? (
          <p className="text-sm text-muted">No texts yet.</p>
        ) : (
          <ul aria-label="Latest texts" className="divide-y divide-border text-sm">
            {texts.data.map((t) => (
              <li key={t.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:gap-3">
                <span className="whitespace-nowrap text-muted">{formatDateTime(t.createdAt, timeZone)}</span>
                <span className="font-mono text-xs">{t.to}</span>
                <span className="min-w-0 flex-1 break-words">{t.body}</span>
                <span className={t.status === 'failed' || t.status === 'undelivered' ? 'text-danger' : 'text-gray-900'} title={t.error ?? undefined}>
                  {STATUS_LABELS[t.status]}
                  {t.error ? ` — ${t.error}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
