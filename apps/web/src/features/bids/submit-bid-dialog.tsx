import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { bidAmountField, typedBidAmountError, type AnswerBidBody, type Bid } from '@fieldwork/domain/tasks/bids.schemas';
import { fromZonedInput, toZonedInput } from '@fieldwork/domain/time/schedule-time.rules';
import { moneyInputText } from '../../lib/money';
import { DateTimePicker } from '../../components/date-time-picker';
import { Field } from '../../components/field';
import { FormDialog } from '../../components/form-dialog';
import { Input } from '../../components/input';
import { Textarea } from '../../components/textarea';
import { taskNumberText } from '../../shared/tasks/task-status-badge';
import { useAnswerBid } from '../../shared/bids/use-bid-mutations';

export const AMOUNT_REQUIRED = 'Amount is required.';

/** The form's own values: the amount as typed ("1250.5"), the earliest start as a wall-clock value in the company zone. */
export type SubmitBidValues = { amount: string; note: string; earliestStart: string };

/** Amount required, a number > 0 with at most 2 decimals (the domain's rule); note up to 2,000 characters. */
export const submitBidForm = z.object({
  amount: z
    .string()
    .trim()
    .min(1, { error: AMOUNT_REQUIRED })
    .superRefine((v, ctx) => {
      const typed = typedBidAmountError(v);
      if (typed) return ctx.addIssue({ code: 'custom', message: typed });
      const parsed = bidAmountField.safeParse(Number(v));
      if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Amount is not valid.' });
    }),
  note: z.string().max(2000, { error: 'Note must be at most 2000 characters.' }),
  earliestStart: z.string(),
});

/** What the server gets: dollars, the note when given, the earliest start as a UTC instant (or null). */
export function answerBody(values: SubmitBidValues, timeZone: string): AnswerBidBody {
  const note = values.note.trim();
  return { amount: Number(values.amount.trim()), ...(note ? { note } : {}), earliestStartDateTime: fromZonedInput(values.earliestStart, timeZone) };
}

export type SubmitBidDialogProps = { bid: Bid; timeZone: string; onClose: () => void };

/** "Submit Bid": a subcontractor answers a request (again while SUBMITTED) with an amount, a note and an earliest start. */
export function SubmitBidDialog({ bid, timeZone, onClose }: SubmitBidDialogProps) {
  const formId = useId();
  const answer = useAnswerBid(onClose);
  const form = useForm<SubmitBidValues>({
    resolver: zodResolver(submitBidForm),
    defaultValues: {
      amount: bid.amount !== null ? moneyInputText(bid.amount) : '',
      note: bid.note ?? '',
      earliestStart: toZonedInput(bid.earliestStartDateTime, timeZone),
    },
  });
  const { errors } = form.formState;
  return (
    <FormDialog
      title="Submit Bid"
      description={`${taskNumberText(bid.task.taskNumber)} · ${bid.task.name}`}
      onClose={onClose}
      formId={formId}
      submitLabel="Submit Bid"
      pending={answer.isPending}
    >
      <form id={formId} noValidate className="space-y-4" onSubmit={form.handleSubmit((v) => answer.mutate({ id: bid.id, body: answerBody(v, timeZone) }))}>
        <Field label="Amount ($)" error={errors.amount?.message} required>
          <Input id={`${formId}-amount`} inputMode="decimal" autoComplete="off" placeholder="0.00" {...form.register('amount')} />
        </Field>
        <Field label="Earliest start" id={`${formId}-start`} error={errors.earliestStart?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="earliestStart"
              render={({ field }) => <DateTimePicker id={control.id} label="Earliest start" value={field.value} onChange={field.onChange} />}
            />
          )}
        </Field>
        <Field label="Note" error={errors.note?.message}>
          <Textarea id={`${formId}-note`} rows={3} maxLength={2000} {...form.register('note')} />
        </Field>
      </form>
    </FormDialog>
  );
}
