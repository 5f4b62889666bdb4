import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { Estimate } from '@fieldwork/domain/billing/estimates.schemas';
import { BackLink, PageHeader } from '../../components/page-header';
import { useAuth } from '../../lib/auth-context';
import { billingKeys, estimatesApi } from '../billing/billing.api';
import { PAYMENT_METHOD_LABELS } from '@fieldwork/domain/billing/invoices.rules';
import { formatMoney } from '../../lib/money';
import { ApprovalBlock, DocumentLoadState, DocumentPreview, LinkedDocumentNote, formatDay } from '../../shared/billing/document-preview';
import { EstimateStatusBadge } from '../../shared/billing/document-status-badge';
import { EstimateViewActions } from '../../shared/billing/document-view-actions';
import { MessagesCard } from '../../shared/messages/messages-panel';
import { CustomerLinksSection } from '../../shared/billing/customer-links-section';
import { useEstimateAnswerLive } from '../../shared/billing/use-estimate-answer-live';

export function EstimateViewPage() {
  const { id = '' } = useParams({ strict: false });
  const { session } = useAuth();
  const query = useQuery({ queryKey: billingKeys.estimate(id), queryFn: () => estimatesApi.get(id) });
  useEstimateAnswerLive(id);
  // Data first: a refetch that fails (e.g. right after Delete) must not flash an error over the record.
  if (!query.data) return <DocumentLoadState kind="estimate" query={query} />;

  const e = query.data;
  return (
    <>
      <PageHeader
        title={`Estimate #${e.estimateNumber}`}
        back={<BackLink to="/workorder/estimates">Estimates</BackLink>}
        actions={<EstimateViewActions estimate={e} />}
      />
      <EstimatePreview estimate={e} notes={<EstimateNotes estimate={e} />}>
        {e.approval ? <ApprovalBlock approval={e.approval} timeZone={session.company.timeZone} /> : null}
      </EstimatePreview>
      <CustomerLinksSection kind="estimate" id={e.id} className="mt-4" />
      <MessagesCard refs={{ estimateId: e.id }} className="mt-4" />
    </>
  );
}

/** The estimate as paper, for this page and (compact) for the customer at onsite approval. */
export function EstimatePreview({ estimate: e, compact, notes, children }: { estimate: Estimate; compact?: boolean; notes?: ReactNode; children?: ReactNode }) {
  const { session } = useAuth();
  return (
    <DocumentPreview
      doc={e}
      compact={compact}
      title="Estimate"
      number={e.estimateNumber}
      status={<EstimateStatusBadge status={e.status} />}
      companyName={session.company.name}
      timeZone={session.company.timeZone}
      documentDate={{ kind: 'estimate', value: e.estimateDate }}
      customerMessage={e.estimateCustomerMessage}
      notes={notes}
      extraTotals={
        e.depositPayment
          ? [
              {
                label: 'Deposit received',
                value: `${formatMoney(e.depositPayment.amount)} · ${formatDay(e.depositPayment.paidOn)} · ${PAYMENT_METHOD_LABELS[e.depositPayment.method]}${e.depositPayment.reference ? ` · ${e.depositPayment.reference}` : ''}`,
              },
            ]
          : undefined
      }
    >
      {children}
    </DocumentPreview>
  );
}

function EstimateNotes({ estimate: e }: { estimate: Estimate }) {
  if (!e.convertedInvoice && !e.convertedJobEstimateInfo) return null;
  return (
    <>
      {e.convertedInvoice ? (
        <LinkedDocumentNote text="Converted to invoice" kind="invoice" id={e.convertedInvoice.id} number={e.convertedInvoice.invoiceNumber} />
      ) : null}
      {e.convertedJobEstimateInfo ? <p className="text-muted">Copy of estimate #{e.convertedJobEstimateInfo.previousEstimateNumber}</p> : null}
    </>
  );
}
