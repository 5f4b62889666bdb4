import { useEffect } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Send } from 'lucide-react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ControlledCheckbox } from '../../components/controlled-checkbox';
import { Field } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { Input } from '../../components/input';
import { Textarea } from '../../components/textarea';
import { ApiError } from '../../lib/api-client';
import { useServerFieldErrors } from '../../lib/use-server-field-errors';
import type { DocumentKind } from '../../features/billing/billing.api';
import { CustomerJobPicker } from './customer-job-picker';
import { LinesEditor } from './lines-editor';
import { TotalsPanel, type SavedTotals } from './totals-panel';
import { documentFieldOfMessage, useDocumentForm, useLiveTotals, type DocumentFormValues, type DocumentMode } from './use-document-form';

export type DocumentEditorProps = {
  kind: DocumentKind;
  defaultValues: DocumentFormValues;
  known: { customerName: string; jobLabel: string };
  jobLocked: boolean;
  /** The server's figures of the loaded draft, shown while the form is unchanged. */
  saved: SavedTotals | null;
  onSubmit: (values: DocumentFormValues, mode: DocumentMode) => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
  pending: DocumentMode | null;
  serverError: unknown;
};

const TERM_SUGGESTIONS = ['Due on receipt', 'Net 15', 'Net 30', 'Net 45', 'Net 60'];

/** The create/edit form shared by estimates and invoices: Customer & Job, Details, lines, live totals. */
export function DocumentEditor({ kind, defaultValues, known, jobLocked, saved, onSubmit, onCancel, onDirtyChange, pending, serverError }: DocumentEditorProps) {
  const form = useDocumentForm(kind, defaultValues);
  const { errors, isDirty } = form.formState;
  const isDepositRequired = useWatch({ control: form.control, name: 'isDepositRequired' });
  const unmatched = useServerFieldErrors(serverError, form.setError, documentFieldOfMessage);
  useEffect(() => onDirtyChange(isDirty), [isDirty]);

  const noun = kind === 'estimate' ? 'Estimate' : 'Invoice';
  const submit = (mode: DocumentMode) => form.handleSubmit((values) => onSubmit(values, mode));
  const text = (name: 'terms' | 'freight' | 'depositAmount' | 'date' | 'dueDate', label: string, props: Record<string, unknown> = {}) => (
    <Field label={label} error={errors[name]?.message} id={`doc-${name}`}>
      <Input {...props} {...form.register(name)} />
    </Field>
  );

  return (
    <form noValidate onSubmit={submit('Draft')} className="pb-20" aria-label={`${noun} editor`}>
      {/* Totals sit beside the form only when the lines table keeps room; otherwise under the lines, on the right. */}
      <div className="grid gap-4 2xl:grid-cols-[minmax(0,1fr)_300px] 2xl:items-start">
        <div className="min-w-0 space-y-4">
          {unmatched.length > 0 ? <FormAlert error={new ApiError(400, 'VALIDATION_FAILED', unmatched.join(' '), unmatched)} /> : null}
          <Card title="Customer & Job">
            <CustomerJobPicker form={form} known={known} jobLocked={jobLocked} />
          </Card>
          <Card title="Details">
            <div className="grid gap-4 sm:grid-cols-2">
              {text('date', `${noun} Date`, { type: 'date' })}
              {text('dueDate', 'Due Date', { type: 'date' })}
              {text('terms', 'Payment Term', { list: 'doc-term-suggestions', placeholder: 'e.g. Net 30', autoComplete: 'off' })}
              <datalist id="doc-term-suggestions">
                {TERM_SUGGESTIONS.map((t) => (
                  <option key={t} value={t} />
                ))}
              </datalist>
              {text('freight', 'Freight', { inputMode: 'decimal', placeholder: '0.00' })}
              <div className="space-y-2 sm:col-span-2 sm:grid sm:grid-cols-2 sm:gap-4 sm:space-y-0">
                <ControlledCheckbox control={form.control} name="isDepositRequired" id="doc-deposit-required" label="Deposit required" className="sm:pt-7" />
                {text('depositAmount', 'Deposit Amount', { inputMode: 'decimal', placeholder: '0.00', disabled: !isDepositRequired })}
              </div>
              <Field label="Customer Message" error={errors.customerMessage?.message} id="doc-customerMessage" className="sm:col-span-2">
                <Textarea rows={3} {...form.register('customerMessage')} />
              </Field>
            </div>
          </Card>
          <LinesEditor form={form} />
        </div>
        <aside aria-label="Totals" className="w-full sm:ml-auto sm:max-w-sm 2xl:sticky 2xl:top-4 2xl:max-w-none">
          <LiveTotals form={form} saved={isDirty ? null : saved} />
        </aside>
      </div>

      <div className="fixed inset-x-0 bottom-0 z-20 flex justify-end gap-2 border-t border-border bg-white px-4 py-3 lg:left-56">
        <Button variant="secondary" onClick={onCancel} disabled={pending !== null}>
          Cancel
        </Button>
        <Button type="submit" variant="secondary" loading={pending === 'Draft'} disabled={pending !== null}>
          Save Draft
        </Button>
        <Button onClick={() => void submit('Send')()} loading={pending === 'Send'} disabled={pending !== null}>
          <Send size={14} aria-hidden="true" /> Send
        </Button>
      </div>
    </form>
  );
}

/** Its own subscriber, so a keystroke re-renders the totals and the lines, not the whole form. */
function LiveTotals({ form, saved }: { form: UseFormReturn<DocumentFormValues>; saved: SavedTotals | null }) {
  const live = useLiveTotals(form.control);
  const depositRequired = useWatch({ control: form.control, name: 'isDepositRequired' });
  return <TotalsPanel live={live} depositRequired={depositRequired} saved={saved} />;
}
