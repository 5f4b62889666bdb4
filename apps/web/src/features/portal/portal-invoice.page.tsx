/** /portal/invoices/$id: the invoice, what has been paid and when, and what is still owed. */
import { useParams } from '@tanstack/react-router';
import { PAYMENT_METHOD_LABELS } from '@fieldwork/domain/billing/invoices.rules';
import type { PortalInvoice } from '@fieldwork/domain/portal/portal.schemas';
import { formatMoney } from '../../lib/money';
import { InvoiceStatusBadge } from '../../shared/billing/document-status-badge';
import { baseTotals, PortalDocument } from './portal-document';
import { portalDay } from './portal-format';
import { PortalLoadState } from './portal-load-state';
import { PortalInvoicePayBox } from './portal-pay-box';
import { PaymentReturnBanner } from './payment-return-banner';
import { usePaymentReturnQuery } from './use-payment-return';
import { portalApi, portalKeys, portalPdfUrl } from './portal.api';

export function PortalInvoicePage() {
  const { id = '' } = useParams({ strict: false });
  // Back from checkout: the payment shows once the invoice is paid or its paid amount moved.
  const { query, paymentState, canOfferPay } = usePaymentReturnQuery(
    portalKeys.invoice(id),
    () => portalApi.invoice(id),
    (now: PortalInvoice, first) => now.status === 'PAID' || now.paidAmount !== first.paidAmount,
  );
  if (!query.data) return <PortalLoadState query={query} />;
  const inv = query.data;
  return (
    <>
      <PaymentReturnBanner state={paymentState} />
      {/* Above the document: on a phone the customer should not scroll past every line to find Pay. */}
      {canOfferPay ? <PortalInvoicePayBox invoice={inv} /> : null}
      <PortalDocument
        title="Invoice"
        number={inv.invoiceNumber}
        status={<InvoiceStatusBadge status={inv.status} label={inv.statusLabel} />}
        dates={[{ label: 'Invoice date', value: portalDay(inv.invoiceDate) }, ...(inv.dueDate ? [{ label: 'Due date', value: portalDay(inv.dueDate) }] : [])]}
        address={inv.address}
        lines={inv.lines}
        totals={[
          ...baseTotals(inv),
          { label: 'Paid', value: formatMoney(inv.paidAmount) },
          { label: 'Balance due', value: formatMoney(inv.balance), strong: true },
        ]}
        customerMessage={inv.customerMessage}
        pdfUrl={portalPdfUrl('invoice', inv.id)}
      >
        {inv.credit > 0 ? (
          <p className="mt-4 rounded-md border border-warning/30 bg-warning-soft px-3 py-2 text-sm text-gray-900">{portalCreditText(inv.credit)}</p>
        ) : null}
        <Payments payments={inv.payments} />
      </PortalDocument>
    </>
  );
}

export const portalCreditText = (credit: number) => `Credit on this invoice: ${formatMoney(credit)} (the company will refund or apply it)`;

function Payments({ payments }: { payments: PortalInvoice['payments'] }) {
  return (
    <section aria-label="Payments" className="mt-6 border-t border-border pt-4">
      <h2 className="text-sm font-semibold text-gray-900">Payments</h2>
      {payments.length === 0 ? (
        <p className="mt-1 text-sm text-muted">No payments yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-border text-sm">
          {payments.map((p, i) => (
            <li key={i} className="flex items-center justify-between gap-3 py-2">
              <span className="text-gray-900">
                {portalDay(p.paidOn)} · {PAYMENT_METHOD_LABELS[p.method]}
              </span>
              <span className="font-medium text-gray-900 tabular-nums">{formatMoney(p.amount)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
