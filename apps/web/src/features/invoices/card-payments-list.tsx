import type { OnlinePayment } from '@fieldwork/domain/payments/payments.schemas';
import { dash, formatDateTime } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { useIsMobile } from '../../lib/use-media-query';

const money = (v: number | null) => (v === null ? '—' : formatMoney(v));

/**
 * The card payments Stripe confirmed on an invoice, with refunds and Stripe's fee (known once Stripe reports
 * it) — the detail behind their lines in Payments, for reconciling with the Stripe dashboard.
 */
export function CardPaymentsList({ payments, timeZone }: { payments: readonly OnlinePayment[]; timeZone: string }) {
  const mobile = useIsMobile();
  if (payments.length === 0) return null;
  return (
    <section aria-label="Card payments" className="mt-4 text-sm">
      <h3 className="mb-2 text-xs font-medium text-muted uppercase">Card payments</h3>
      {mobile ? (
        <ul className="divide-y divide-border">
          {payments.map((p) => (
            <li key={p.id} className="space-y-0.5 py-2">
              <div className="flex justify-between gap-3">
                <span className="text-gray-900">{formatDateTime(p.paidAt, timeZone)}</span>
                <span className="font-medium tabular-nums">{formatMoney(p.amount)}</span>
              </div>
              <p className="text-muted">
                Refunded {formatMoney(p.refunded)} · Fee {money(p.fee)} · Net {money(p.net)}
              </p>
              <p className="break-all text-muted">{dash(p.payerEmail)}</p>
              <p className="font-mono text-xs break-all text-muted">{p.providerPaymentId}</p>
            </li>
          ))}
        </ul>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full">
            <caption className="sr-only">Card payments</caption>
            <thead>
              <tr className="border-b border-border text-xs text-muted uppercase">
                {['Paid at', 'Amount', 'Refunded', 'Stripe fee', 'Net', 'Payer email', 'Stripe payment'].map((h, i) => (
                  <th key={h} scope="col" className={`py-1.5 pr-3 font-medium ${i >= 1 && i <= 4 ? 'text-right' : 'text-left'}`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {payments.map((p) => (
                <tr key={p.id}>
                  <td className="py-1.5 pr-3 whitespace-nowrap">{formatDateTime(p.paidAt, timeZone)}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{formatMoney(p.amount)}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{formatMoney(p.refunded)}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{money(p.fee)}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{money(p.net)}</td>
                  <td className="py-1.5 pr-3 break-all">{dash(p.payerEmail)}</td>
                  <td className="py-1.5 pr-3 font-mono text-xs break-all">{p.providerPaymentId}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
