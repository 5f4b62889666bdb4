import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { INVOICE_MESSAGES, INVOICE_STATUS_LABELS } from '@fieldwork/domain/billing/invoices.rules';
import type { Invoice } from '@fieldwork/domain/billing/invoices.schemas';
import { BackLink, PageHeader } from '../../components/page-header';
import { useAuth } from '../../lib/auth-context';
import { formatMoney } from '../../lib/money';
import { billingKeys, invoicesApi } from '../billing/billing.api';
import { DocumentLoadState, DocumentPreview, LinkedDocumentNote } from '../../shared/billing/document-preview';
import { InvoiceStatusBadge } from '../../shared/billing/document-status-badge';
import { InvoiceViewActions } from '../../shared/billing/document-view-actions';
import { MessagesCard } from '../../shared/messages/messages-panel';
import { CustomerLinksSection } from '../../shared/billing/customer-links-section';
import { CreditFlag } from '../../shared/billing/credit-flag';
import { useInvoicePaymentLive } from '../../shared/billing/use-invoice-payment-live';
import { CardPaymentsList } from './card-payments-list';
import { PaymentsList } from './payments-list';

export function InvoiceViewPage() {
  const { id = '' } = useParams({ strict: false });
  const { session } = useAuth();
  const query = useQuery({ queryKey: billingKeys.invoice(id), queryFn: () => invoicesApi.get(id) });
  useInvoicePaymentLive(id);

  // Data first: a refetch that fails (e.g. right after Delete) must not flash an error over the record.
  if (!query.data) return <DocumentLoadState kind="invoice" query={query} />;

  const inv = query.data;
  return (
    <>
      <PageHeader
        title={`Invoice #${inv.invoiceNumber}`}
        back={<BackLink to="/workorder/invoices">Invoices</BackLink>}
        actions={<InvoiceViewActions invoice={inv} />}
      />
      <DocumentPreview
        doc={inv}
        title="Invoice"
        number={inv.invoiceNumber}
        status={
          <>
            <InvoiceStatusBadge status={inv.status} />
            <CreditFlag credit={inv.credit} />
          </>
        }
        companyName={session.company.name}
        timeZone={session.company.timeZone}
        documentDate={{ kind: 'invoice', value: inv.invoiceDate }}
        customerMessage={inv.invoiceCustomerMessage}
        notes={<InvoiceNotes invoice={inv} />}
        extraTotals={[
          { label: 'Paid', value: formatMoney(inv.paidAmount) },
          { label: 'Balance', value: formatMoney(inv.balance), strong: true },
        ]}
      >
        <PaymentsList payments={inv.payments} />
        <CardPaymentsList payments={inv.onlinePayments} timeZone={session.company.timeZone} />
      </DocumentPreview>
      <CustomerLinksSection kind="invoice" id={inv.id} className="mt-4" />
      <MessagesCard refs={{ invoiceId: inv.id }} className="mt-4" />
    </>
  );
}

function InvoiceNotes({ invoice: inv }: { invoice: Invoice }) {
  if (!inv.convertedEstimate && !inv.convertedInvoiceJobinfo && !inv.copiedFrom && inv.copies.length === 0 && !inv.invoiceCreatedBy) return null;
  return (
    <>
      {inv.convertedEstimate ? (
        <LinkedDocumentNote text="Converted from estimate" kind="estimate" id={inv.convertedEstimate.id} number={inv.convertedEstimate.estimateNumber} />
      ) : null}
      {inv.copiedFrom ? (
        <LinkedDocumentNote text={INVOICE_MESSAGES.copiedFrom} kind="invoice" id={inv.copiedFrom.id} number={inv.copiedFrom.invoiceNumber} />
      ) : inv.convertedInvoiceJobinfo ? (
        <p className="text-muted">
          {INVOICE_MESSAGES.copiedFrom} #{inv.convertedInvoiceJobinfo.previousInvoiceNumber}
        </p>
      ) : null}
      {inv.copies.length > 0 ? (
        <div>
          <p className="text-muted">{INVOICE_MESSAGES.copies}</p>
          <ul aria-label={INVOICE_MESSAGES.copies}>
            {inv.copies.map((c) => (
              <li key={c.id}>
                <Link to="/workorder/invoices/$id" params={{ id: c.id }} className="text-primary hover:underline">
                  Invoice #{c.invoiceNumber}
                </Link>{' '}
                <span className="text-muted">({INVOICE_STATUS_LABELS[c.status]})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {inv.invoiceCreatedBy ? <p className="text-muted">Created by {inv.invoiceCreatedBy.username}</p> : null}
    </>
  );
}
