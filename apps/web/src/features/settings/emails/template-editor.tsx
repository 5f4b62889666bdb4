import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { EMAIL_KIND_LABELS, unknownPlaceholders } from '@fieldwork/domain/messages/messages.rules';
import type { EmailTemplateDto } from '@fieldwork/domain/messages/messages.schemas';
import { Button } from '../../../components/button';
import { Field } from '../../../components/field';
import { FormAlert } from '../../../components/form-alert';
import { Input } from '../../../components/input';
import { Textarea } from '../../../components/textarea';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { messageKeys, messagesApi } from '../../messages/messages.api';

/**
 * One kind of email: subject and message with the placeholders it knows, a live preview of the real email (the
 * server renders it with sample values, so it is exactly what goes out), save, and back to Fieldwork's wording.
 */
export function TemplateEditor({ template }: { template: EmailTemplateDto }) {
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState(template.subject);
  const [message, setMessage] = useState(template.message);
  useEffect(() => {
    setSubject(template.subject);
    setMessage(template.message);
  }, [template.subject, template.message]);
  const typed = useMemo(() => ({ subject, message }), [subject, message]);
  const draft = useDebouncedValue(typed, 400);
  const unknown = unknownPlaceholders(template.kind, `${subject} ${message}`);
  const preview = useQuery({
    queryKey: ['messages', 'preview', template.kind, draft],
    queryFn: () => messagesApi.preview(template.kind, draft),
    enabled: !!draft.subject.trim() && !!draft.message.trim() && !unknown.length,
    placeholderData: (previous) => previous,
  });
  const done = async (verb: string) => {
    toast.success(`${EMAIL_KIND_LABELS[template.kind]} email ${verb}`);
    await queryClient.invalidateQueries({ queryKey: messageKeys.templates });
  };
  const save = useMutation({ mutationFn: () => messagesApi.saveTemplate(template.kind, { subject, message }), onSuccess: () => done('saved') });
  const reset = useMutation({ mutationFn: () => messagesApi.resetTemplate(template.kind), onSuccess: () => done('reset to the default wording') });
  const changed = subject !== template.subject || message !== template.message;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <form
        noValidate
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <FormAlert error={save.error ?? reset.error} />
        <Field label="Subject" required>
          <Input value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={200} />
        </Field>
        <Field
          label="Message"
          required
          error={unknown.length ? `Unknown placeholder${unknown.length > 1 ? 's' : ''}: ${unknown.map((p) => `{${p}}`).join(', ')}.` : undefined}
        >
          <Textarea value={message} onChange={(e) => setMessage(e.target.value)} rows={8} maxLength={5000} />
        </Field>
        <p className="text-xs text-muted">
          Placeholders:{' '}
          {template.placeholders.map((p) => (
            <code key={p} className="mr-1 rounded bg-gray-100 px-1">{`{${p}}`}</code>
          ))}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={save.isPending} disabled={!changed || unknown.length > 0}>
            Save
          </Button>
          {!template.isDefault ? (
            <Button type="button" variant="ghost" loading={reset.isPending} onClick={() => reset.mutate()}>
              Use the default wording
            </Button>
          ) : null}
        </div>
      </form>
      <div className="space-y-2" aria-live="polite">
        <p className="text-sm font-medium">Preview</p>
        <p className="truncate text-sm" title={preview.data?.subject}>
          <span className="text-muted">Subject: </span>
          {preview.data?.subject ?? '…'}
        </p>
        <iframe
          title={`${EMAIL_KIND_LABELS[template.kind]} email preview`}
          sandbox=""
          srcDoc={preview.data?.html ?? ''}
          className="h-80 w-full rounded-md border border-border bg-white"
        />
      </div>
    </div>
  );
}
