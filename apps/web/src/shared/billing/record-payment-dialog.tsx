import { useCallback, useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ESTIMATE_MESSAGES } from '@fieldwork/domain/billing/estimates.rules';
import { INVOICE_MESSAGES, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@fieldwork/domain/billing/invoices.rules';
import { paymentBody } from '@fieldwork/domain/billing/invoices.schemas';
import { receiptBlock } from '@fieldwork/domain/messages/messages.schemas';
import { dollarsToCents, formatCents } from '@fieldwork/domain/common/money.rules';
import { Field } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { FormDialog } from '../../components/form-dialog';
import { Input } from '../../components/input';
import { Select } from '../../components/select';
import { formatMoney, moneyInputText } from '../../lib/money';
import { estimatesApi, invoicesApi } from '../../features/billing/billing.api';
import { ReceiptField, type ReceiptChoice } from './receipt-field';
import { useInvalidateBilling } from './use-document-actions';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

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

/** A payment on an invoice (any amount up to its balance), or an estimate's deposit (its fixed amount). */
export type PaymentTarget =
  { kind: 'invoice'; id: string; invoiceNumber: number; balance: number } | { kind: 'deposit'; id: string; estimateNumber: number; depositAmount: number };

export type RecordPaymentDialogProps = {
  target: PaymentTarget;
  timeZone: string;
  onClose: () => void;
};

const TEXTS = {
  invoice: (t: Extract<PaymentTarget, { kind: 'invoice' }>) => ({
    title: 'Record Payment',
    description: `Invoice #${t.invoiceNumber} · Balance ${formatMoney(t.balance)}`,
    max: t.balance,
    done: INVOICE_MESSAGES.paymentRecorded,
  }),
  deposit: (t: Extract<PaymentTarget, { kind: 'deposit' }>) => ({
    title: 'Record Deposit',
    description: `Estimate #${t.estimateNumber} · Deposit ${formatMoney(t.depositAmount)}`,
    max: t.depositAmount,
    done: ESTIMATE_MESSAGES.depositRecorded,
  }),
};

export function RecordPaymentDialog({ target, timeZone, onClose }: RecordPaymentDialogProps) {
  const formId = useId();
  const invalidate = useInvalidateBilling();
  const text = target.kind === 'invoice' ? TEXTS.invoice(target) : TEXTS.deposit(target);
  const [values, setValues] = useState<Values>(() => ({
    amount: moneyInputText(text.max),
    paidOn: dayIn(new Date(), timeZone),
    method: 'CASH',
    reference: '',
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [receipt, setReceipt] = useState<ReceiptChoice | null>(null);
  const [receiptError, setReceiptError] = useState<string | undefined>();
  const changeReceipt = useCallback((next: ReceiptChoice) => {
    setReceipt(next);
    setReceiptError(undefined);
  }, []);

  const record = useMutation({
    mutationFn: (receiptTo: string[] | null) => {
      const body = { paidOn: values.paidOn, method: values.method, reference: values.reference.trim() || null };
      return target.kind === 'invoice'
        ? invoicesApi
            .recordPayment(target.id, { ...body, amount: Number(values.amount), ...(receiptTo ? { receipt: { to: receiptTo } } : {}) })
            .then(() => undefined)
        : estimatesApi.recordDeposit(target.id, body).then(() => undefined);
    },
    onSuccess: async () => {
      toast.success(text.done);
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
    const found = validatePayment(values, text.max);
    setErrors(found);
    const receiptTo = receipt?.on ? receiptBlock.safeParse({ to: receipt.to.split(/[,;\s]+/).filter(Boolean) }) : null;
    setReceiptError(receiptTo && !receiptTo.success ? receiptTo.error.issues[0]?.message : undefined);
    if (Object.values(found).some(Boolean) || (receiptTo && !receiptTo.success)) return;
    record.mutate(receiptTo?.success ? receiptTo.data.to : null);
  };

  return (
    <FormDialog title={text.title} description={text.description} onClose={onClose} formId={formId} submitLabel={text.title} pending={record.isPending}>
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <FormAlert error={record.error} />
        <Field label="Amount" required error={errors.amount}>
          <Input
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            value={values.amount}
            readOnly={target.kind === 'deposit'}
            onChange={(e) => set('amount', e.target.value)}
          />
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
        {target.kind === 'invoice' ? <ReceiptField invoiceId={target.id} value={receipt} onChange={changeReceipt} error={receiptError} /> : null}
      </form>
    </FormDialog>
  );
}
