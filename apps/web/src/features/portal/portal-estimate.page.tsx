/**
 * /portal/estimates/$id: the estimate as the customer reads it and, while it can still be answered, their
 * answer. Once answered (here or on site) the page shows who answered what and when.
 */
import { useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { CheckCircle2 } from 'lucide-react';
import type { ApprovalDecision } from '@fieldwork/domain/billing/estimates.rules';
import { PORTAL_MESSAGES } from '@fieldwork/domain/portal/portal.rules';
import type { PortalEstimate } from '@fieldwork/domain/portal/portal.schemas';
import { formatMoney } from '../../lib/money';
import { EstimateStatusBadge } from '../../shared/billing/document-status-badge';
import { EstimateAnswer } from './estimate-answer';
import { baseTotals, PortalDocument } from './portal-document';
import { portalDay, portalInstant } from './portal-format';
import { usePortalMe } from './portal-layout';
import { PortalLoadState } from './portal-load-state';
import { PortalDepositPayBox } from './portal-pay-box';
import { PaymentReturnBanner } from './payment-return-banner';
import { usePaymentReturnQuery } from './use-payment-return';
import { portalApi, portalKeys, portalPdfUrl } from './portal.api';

export const DECISION_TEXT = { APPROVED: 'Approved', DECLINED: 'Declined', CHANGE_REQUEST: 'Changes requested' } as const satisfies Record<
  ApprovalDecision,
  string
>;
export const ANSWER_THANKS = 'Thank you — your answer is recorded.';

export function PortalEstimatePage() {
  const { id = '' } = useParams({ strict: false });
  // Back from paying the deposit: it shows once the estimate is Deposit Paid.
  const { query, paymentState, canOfferPay } = usePaymentReturnQuery(
    portalKeys.estimate(id),
    () => portalApi.estimate(id),
    (now: PortalEstimate) => now.status === 'PAID',
  );
  const [answered, setAnswered] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  if (!query.data) return <PortalLoadState query={query} />;

  const e = query.data;
  return (
    <>
      <PaymentReturnBanner state={paymentState} />
      <PortalDocument
        title="Estimate"
        number={e.estimateNumber}
        status={<EstimateStatusBadge status={e.status} label={e.statusLabel} />}
        dates={[{ label: 'Estimate date', value: portalDay(e.estimateDate) }, ...(e.dueDate ? [{ label: 'Valid until', value: portalDay(e.dueDate) }] : [])]}
        address={e.address}
        lines={e.lines}
        totals={[...baseTotals(e), ...(e.isDepositRequired ? [{ label: 'Deposit required', value: formatMoney(e.depositAmount) }] : [])]}
        customerMessage={e.customerMessage}
        pdfUrl={portalPdfUrl('estimate', e.id)}
      />
      {answered ? (
        <p role="status" className="flex items-center gap-2 rounded-md border border-success/30 bg-success-soft px-3 py-3 text-sm text-gray-900">
          <CheckCircle2 size={18} aria-hidden="true" className="shrink-0 text-success" />
          {ANSWER_THANKS}
        </p>
      ) : null}
      {conflict ? (
        <p role="alert" className="rounded-md border border-warning/30 bg-warning-soft px-3 py-3 text-sm text-gray-900">
          {conflict}
        </p>
      ) : null}
      {e.canAnswer ? (
        <EstimateAnswer
          estimate={e}
          onAnswered={() => {
            setConflict(null);
            setAnswered(true);
          }}
          onConflict={setConflict}
        />
      ) : e.answer ? (
        <AnswerSummary estimate={e} answer={e.answer} />
      ) : e.status !== 'SENT' ? (
        <p className="rounded-md border border-border bg-white px-3 py-3 text-sm text-gray-900">{PORTAL_MESSAGES.cannotAnswer(e.statusLabel)}</p>
      ) : null}
      {canOfferPay ? <PortalDepositPayBox estimate={e} /> : null}
    </>
  );
}

function AnswerSummary({ estimate: e, answer }: { estimate: PortalEstimate; answer: NonNullable<PortalEstimate['answer']> }) {
  const timeZone = usePortalMe()?.company.timeZone;
  return (
    <section aria-label="Answer" className="rounded-lg border border-border bg-white p-4 shadow-sm sm:p-6">
      <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold text-gray-900">
        Estimate #{e.estimateNumber} is <EstimateStatusBadge status={e.status} label={e.statusLabel} />
      </h2>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">Answer</dt>
          <dd className="font-medium text-gray-900">{DECISION_TEXT[answer.decision]}</dd>
        </div>
        <div>
          <dt className="text-muted">By</dt>
          <dd className="text-gray-900">{answer.signerName}</dd>
        </div>
        <div>
          <dt className="text-muted">On</dt>
          <dd className="text-gray-900">{portalInstant(answer.at, timeZone)}</dd>
        </div>
        {answer.comment ? (
          <div className="sm:col-span-3">
            <dt className="text-muted">Comment</dt>
            <dd className="break-words whitespace-pre-line text-gray-900">{answer.comment}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
