import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { todayInZone } from '@fieldwork/domain/estimates.rules';
import { INVOICE_MESSAGES, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@fieldwork/domain/invoices.rules';
import { paymentBody } from '@fieldwork/domain/invoices.schemas';
import { dollarsToCents, formatCents } from '@fieldwork/domain/money';
import { Field } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { FormDialog } from '../../components/form-dialog';
import { Input } from '../../components/input';
import { Select } from '../../components/select';
import { formatMoney } from '../../lib/format';
import { invoicesApi } from '../billing/billing.api';
import { useInvalidateBilling } from '../billing/use-document-actions';

const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

type Values = { amount: string; paidOn: string; method: PaymentMethod; reference: string };
type Errors = Partial<Record<keyof Values, string>>;

/**
 * Mirrors the server's rules so most mistakes never leave the page: the domain's payment schema (amount at
 * least 0.01, a date, a known method) and "never more than the open balance". The server still decides.
 */
export function validatePayment(values: Values, balance: number): Errors {
  const amount = values.amount.trim() === '' ? Number.NaN : Number(values.amount);
  const parsed = paymentBody.safeParse({ amount, paidOn: values.paidOn, method: values.method, reference: values.reference.trim() || null });
  const errors: Errors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof Values;
      errors[key] ??= issue.message;
    }
    return errors;
  }
  const balanceCents = dollarsToCents(balance) ?? 0;
  if (parsed.data.amount > balanceCents) errors.amount = INVOICE_MESSAGES.overBalance(formatCents(balanceCents));
  return errors;
}

export type RecordPaymentDialogProps = {
  invoice: { id: string; invoiceNumber: number; balance: number };
  timeZone: string;
  onClose: () => void;
};

export function RecordPaymentDialog({ invoice, timeZone, onClose }: RecordPaymentDialogProps) {
  const formId = useId();
  const invalidate = useInvalidateBilling();
  const [values, setValues] = useState<Values>(() => ({
    amount: invoice.balance.toFixed(2),
    paidOn: todayInZone(new Date(), timeZone),
    method: 'CASH',
    reference: '',
  }));
  const [errors, setErrors] = useState<Errors>({});

  const record = useMutation({
    mutationFn: () =>
      invoicesApi.recordPayment(invoice.id, {
        amount: Number(values.amount),
        paidOn: values.paidOn,
        method: values.method,
        reference: values.reference.trim() || null,
      }),
    onSuccess: async () => {
      toast.success(INVOICE_MESSAGES.paymentRecorded);
      await invalidate();
      onClose();
    },
  });

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (record.isPending) return;
    const found = validatePayment(values, invoice.balance);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    record.mutate();
  };

  return (
    <FormDialog
      title="Record Payment"
      description={`Invoice #${invoice.invoiceNumber} · Balance ${formatMoney(invoice.balance)}`}
      onClose={onClose}
      formId={formId}
      submitLabel="Record Payment"
      pending={record.isPending}
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <FormAlert error={record.error} />
        <Field label="Amount" required error={errors.amount}>
          <Input type="number" inputMode="decimal" min="0.01" step="0.01" value={values.amount} onChange={(e) => set('amount', e.target.value)} />
        </Field>
        <Field label="Payment Date" required error={errors.paidOn}>
          <Input type="date" value={values.paidOn} onChange={(e) => set('paidOn', e.target.value)} />
        </Field>
        <Field label="Method" required error={errors.method}>
          <Select options={METHOD_OPTIONS} value={values.method} onChange={(e) => set('method', e.target.value as PaymentMethod)} />
        </Field>
        <Field label="Reference" error={errors.reference}>
          <Input value={values.reference} maxLength={100} placeholder="Check number, transaction id…" onChange={(e) => set('reference', e.target.value)} />
        </Field>
      </form>
    </FormDialog>
  );
}
