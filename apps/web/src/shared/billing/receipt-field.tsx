import { useEffect, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Checkbox } from '../../components/checkbox';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { billingKeys, invoicesApi } from '../../features/billing/billing.api';

export type ReceiptChoice = { on: boolean; to: string };

/**
 * "Email a receipt": on by default when the invoice was emailed (to whom it went last), otherwise off with the
 * billing contact ready; absent while the company may not email customers.
 */
export function ReceiptField({
  invoiceId,
  value,
  onChange,
  error,
}: {
  invoiceId: string;
  value: ReceiptChoice | null;
  onChange: (next: ReceiptChoice) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const draft = useQuery({ queryKey: billingKeys.emailDraft('invoice', invoiceId), queryFn: () => invoicesApi.emailDraft(invoiceId) });
  const data = draft.data;
  useEffect(() => {
    if (!data || value) return;
    const emailed = data.lastEmailedTo.length > 0;
    onChange({ on: emailed && data.companyVerified, to: (emailed ? data.lastEmailedTo : data.suggestions.slice(0, 1).map((s) => s.email)).join(', ') });
  }, [data, value, onChange]);
  if (!data?.companyVerified || !value) return null;
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-2">
        <Checkbox id={id} checked={value.on} onCheckedChange={(on) => onChange({ ...value, on })} />
        <label htmlFor={id} className="text-sm font-medium text-gray-900">
          Email a receipt
        </label>
      </div>
      {value.on ? (
        <Field label="Receipt to" error={error} hint="Addresses separated by commas">
          <Input type="text" inputMode="email" value={value.to} onChange={(e) => onChange({ ...value, to: e.target.value })} />
        </Field>
      ) : null}
    </div>
  );
}
