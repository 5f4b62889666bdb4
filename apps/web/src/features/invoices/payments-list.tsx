import type { Payment } from '@fieldwork/domain/billing/invoices.schemas';
import { PAYMENT_METHOD_LABELS } from '@fieldwork/domain/billing/invoices.rules';
import { dash } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { useIsMobile } from '../../lib/use-media-query';
import { formatDay } from '../../shared/billing/document-preview';

export const NO_PAYMENTS_TEXT = 'No payments recorded yet.';

/** An invoice's payments, oldest first as the server sends them. */
export function PaymentsList({ payments }: { payments: readonly Payment[] }) {
  const mobile = useIsMobile();
  return (
    <section aria-label="Payments" className="mt-6 border-t border-border pt-4 text-sm">
      <h3 className="mb-2 text-xs font-medium text-muted uppercase">Payments</h3>
      {payments.length === 0 ? (
        <p className="text-muted">{NO_PAYMENTS_TEXT}</p>
      ) : mobile ? (
        <ul className="divide-y divide-border">
          {payments.map((p) => (
            <li key={p.id} className="flex justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="block text-gray-900">
                  {formatDay(p.paidOn)} · {PAYMENT_METHOD_LABELS[p.method]}
                </span>
                {p.reference ? <span className="block break-words text-muted">{p.reference}</span> : null}
              </span>
              <span className="font-medium tabular-nums">{formatMoney(p.amount)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <table className="w-full">
          <caption className="sr-only">Payments</caption>
          <thead>
            <tr className="border-b border-border text-xs text-muted uppercase">
              <th scope="col" className="py-1.5 pr-3 text-left font-medium">
                Date
              </th>
              <th scope="col" className="py-1.5 pr-3 text-left font-medium">
                Method
              </th>
              <th scope="col" className="py-1.5 pr-3 text-left font-medium">
                Reference
              </th>
              <th scope="col" className="py-1.5 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {payments.map((p) => (
              <tr key={p.id}>
                <td className="py-1.5 pr-3">{formatDay(p.paidOn)}</td>
                <td className="py-1.5 pr-3">{PAYMENT_METHOD_LABELS[p.method]}</td>
                <td className="py-1.5 pr-3 break-words">{dash(p.reference)}</td>
                <td className="py-1.5 text-right tabular-nums">{formatMoney(p.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
