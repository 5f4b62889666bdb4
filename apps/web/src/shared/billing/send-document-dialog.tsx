import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Paperclip } from 'lucide-react';
import { toast } from 'sonner';
import { sendEmailBlock, type EmailDraft, type SendEmailBlock } from '@fieldwork/domain/messages/messages.schemas';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ErrorState } from '../../components/error-state';
import { Field } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { Input } from '../../components/input';
import { SkeletonForm } from '../../components/skeleton';
import { Textarea } from '../../components/textarea';
import { billingKeys, estimatesApi, invoicesApi, type DocumentKind } from '../../features/billing/billing.api';
import { messageKeys } from '../../features/messages/messages.api';
import { UnverifiedCompanyBanner } from '../messages/unverified-company-banner';
import { RecipientPicker, type Recipients } from './recipient-picker';
import { useInvalidateBilling } from './use-document-actions';

export type SendTarget = { kind: DocumentKind; id: string; number: number };

const NOUN = { estimate: 'Estimate', invoice: 'Invoice' } as const;
const api = { estimate: estimatesApi, invoice: invoicesApi } as const;

/** "a, b and 2 more": who a toast says it went to, short enough for one line. */
const namesOf = (to: string[]) => (to.length <= 2 ? to.join(' and ') : `${to.slice(0, 2).join(', ')} and ${to.length - 2} more`);

const splitAddresses = (text: string) =>
  text
    .split(/[,;\s]+/)
    .map((a) => a.trim())
    .filter(Boolean);

/**
 * Send: email the document with its PDF to the customer's contacts in the company's wording (which the sender may
 * change), or only mark it sent. The request queues the email and returns at once; the Messages list below the
 * document shows each recipient's delivery.
 */
export function SendDocumentDialog({ target, onClose }: { target: SendTarget; onClose: () => void }) {
  const draft = useQuery({ queryKey: billingKeys.emailDraft(target.kind, target.id), queryFn: () => api[target.kind].emailDraft(target.id), staleTime: 0 });
  const title = `Send ${NOUN[target.kind]} #${target.number}`;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      className="max-w-xl"
      footer={
        draft.data ? null : (
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        )
      }
    >
      {draft.data ? (
        <SendForm target={target} draft={draft.data} onClose={onClose} />
      ) : draft.error ? (
        <ErrorState error={draft.error} onRetry={() => void draft.refetch()} />
      ) : (
        <SkeletonForm fields={3} />
      )}
    </Dialog>
  );
}

function SendForm({ target, draft, onClose }: { target: SendTarget; draft: EmailDraft; onClose: () => void }) {
  const formId = useId();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateBilling();
  const first = draft.suggestions[0]?.email;
  const [recipients, setRecipients] = useState<Recipients>({ checked: first ? [first] : [], typed: [] });
  const [cc, setCc] = useState('');
  const [subject, setSubject] = useState(draft.subject);
  const [message, setMessage] = useState(draft.message);
  const [problems, setProblems] = useState<string[]>([]);
  const noun = `${NOUN[target.kind]} #${target.number}`;

  const send = useMutation({
    mutationFn: async (email: SendEmailBlock | null): Promise<void> => {
      await api[target.kind].send(target.id, email ? { email } : undefined);
    },
    onSuccess: async (_done, email) => {
      toast.success(email ? `${noun} sent to ${namesOf(email.to)}` : `${noun} marked as sent`);
      await Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: messageKeys.all })]);
      onClose();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = sendEmailBlock.safeParse({
      to: [...recipients.checked, ...recipients.typed],
      ...(cc.trim() ? { cc: splitAddresses(cc) } : {}),
      subject,
      message,
    });
    if (!parsed.success) {
      setProblems([...new Set(parsed.error.issues.map((i) => i.message))]);
      return;
    }
    setProblems([]);
    send.mutate(parsed.data);
  };

  return (
    <form id={formId} noValidate onSubmit={submit} className="space-y-4">
      {draft.companyVerified ? null : <UnverifiedCompanyBanner />}
      {draft.mailConfigured ? null : (
        <p className="rounded-md bg-gray-50 px-3 py-2 text-sm text-gray-700">
          No mail server is configured: the email is kept in Settings → Delivery as &ldquo;Not sent — no mail server configured&rdquo;.
        </p>
      )}
      <FormAlert error={send.error} />
      {problems.length ? (
        <ul role="alert" className="list-disc space-y-0.5 rounded-md border border-danger/30 bg-danger-soft py-2 pr-3 pl-7 text-sm text-gray-900">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      <RecipientPicker suggestions={draft.suggestions} value={recipients} onChange={setRecipients} />
      <Field label="Cc" hint="Addresses separated by commas">
        <Input type="text" inputMode="email" autoComplete="off" value={cc} onChange={(e) => setCc(e.target.value)} />
      </Field>
      <Field label="Subject">
        <Input value={subject} onChange={(e) => setSubject(e.target.value)} />
      </Field>
      <Field label="Message">
        <Textarea rows={7} value={message} onChange={(e) => setMessage(e.target.value)} />
      </Field>
      <p className="flex items-center gap-1.5 text-sm text-gray-700">
        <Paperclip size={14} aria-hidden="true" /> {draft.attachmentName}
      </p>
      <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="secondary" disabled={send.isPending} onClick={() => send.mutate(null)}>
          Mark as sent without email
        </Button>
        <Button type="submit" loading={send.isPending && send.variables !== null} disabled={!draft.companyVerified || send.isPending}>
          Send email
        </Button>
      </div>
    </form>
  );
}
