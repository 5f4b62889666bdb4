/**
 * One estimate or invoice rendered like the paper document the customer receives: shared by the preview
 * pages and, in a compact form (lines and totals), by the onsite approval screen.
 */
import { Fragment, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { SearchX } from 'lucide-react';
import type { Estimate } from '@fieldwork/domain/billing/estimates.schemas';
import { ESTIMATE_MESSAGES, ESTIMATE_STATUS_LABELS, type ApprovalDecision } from '@fieldwork/domain/billing/estimates.rules';
import { INVOICE_MESSAGES } from '@fieldwork/domain/billing/invoices.rules';
import { documentDates } from '@fieldwork/domain/billing/documents.rules';
import { buttonClass } from '../../components/button';
import { DetailList } from '../../components/card';
import { ErrorState } from '../../components/error-state';
import { NoticePanel } from '../../components/notice-panel';
import { BackLink } from '../../components/page-header';
import { Skeleton } from '../../components/skeleton';
import { isApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { dash, formatDate, formatDateTime } from '../../lib/format';
import { formatMoney, formatPercent } from '../../lib/money';
import { useIsMobile } from '../../lib/use-media-query';
import type { DocumentKind } from '../../features/billing/billing.api';

/** What both documents share (documentCommonDto + the office-only margin figures). */
export type PreviewDocument = Pick<
  Estimate,
  | 'subTotal'
  | 'tax'
  | 'freight'
  | 'totalAmount'
  | 'depositAmount'
  | 'isDepositRequired'
  | 'account'
  | 'job'
  | 'buildingUnit'
  | 'tenantAccountAddress'
  | 'billingContact'
  | 'siteContact'
  | 'paymentTerm'
  | 'dueDate'
  | 'createdAt'
  | 'productServices'
  | 'totalMargin'
  | 'marginPercentage'
  | 'totalRevenue'
>;

export type DocumentPreviewProps = {
  doc: PreviewDocument;
  title: 'Estimate' | 'Invoice';
  number: number;
  status: ReactNode;
  companyName: string;
  timeZone: string;
  /** The document's own date ("Estimate Date", "Invoice Date"), a calendar day. */
  /** Which document's date this is; the page and the PDF print the same dates (documentDates). */
  documentDate: { kind: 'estimate' | 'invoice'; value: string | null };
  customerMessage: string | null;
  /** Conversion and copy notes under the title. */
  notes?: ReactNode;
  /** Rows after the total (paid, balance). */
  extraTotals?: readonly { label: string; value: ReactNode; strong?: boolean }[];
  /** Sections after the totals (approval, payments). */
  children?: ReactNode;
  /** Lines and totals only, for the customer's screen at onsite approval. */
  compact?: boolean;
};

/** "Converted to invoice #3007": a note naming the other document, linked to its preview page. */
export function LinkedDocumentNote({ text, kind, id, number }: { text: string; kind: DocumentKind; id: string; number: number }) {
  return (
    <p>
      {text}{' '}
      <Link to={kind === 'estimate' ? '/workorder/estimates/$id' : '/workorder/invoices/$id'} params={{ id }} className="text-primary hover:underline">
        #{number}
      </Link>
    </p>
  );
}

/** Calendar days (yyyy-MM-dd) are shown as written: no zone may move them to the day before. */
export function formatDay(day: string | null | undefined): string {
  return day ? formatDate(`${day.slice(0, 10)}T12:00:00.000Z`, 'UTC') : '—';
}

export function DocumentPreview(props: DocumentPreviewProps) {
  const { doc, title, number, status, companyName, timeZone, documentDate, customerMessage, notes, extraTotals = [], children, compact = false } = props;
  return (
    <article aria-label={`${title} #${number}`} className="min-w-0 rounded-lg border border-border bg-white p-4 shadow-sm sm:p-8">
      <header className="flex flex-col gap-4 border-b border-border pb-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="text-lg font-semibold break-words text-gray-900">{companyName}</p>
          {notes ? <div className="mt-2 space-y-1 text-sm">{notes}</div> : null}
        </div>
        <div className="sm:text-right">
          <h2 className="text-2xl font-semibold tracking-wide text-gray-900 uppercase">{title}</h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 sm:justify-end">
            <span className="font-medium text-gray-900">#{number}</span>
            {status}
          </p>
          {compact ? null : (
            <dl className="mt-2 grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5 text-sm sm:justify-end">
              {documentDates(documentDate.kind, { documentDate: documentDate.value, dueDate: doc.dueDate, createdAt: doc.createdAt }, timeZone).map((d) => (
                <Fragment key={d.label}>
                  <dt className="text-muted">{d.label}</dt>
                  <dd>{formatDay(d.day)}</dd>
                </Fragment>
              ))}
              <dt className="text-muted">Created</dt>
              <dd>{formatDateTime(doc.createdAt, timeZone)}</dd>
            </dl>
          )}
        </div>
      </header>

      <Parties doc={doc} compact={compact} />
      <LineItems lines={doc.productServices} />
      <Totals doc={doc} extra={extraTotals} />

      {customerMessage ? (
        <section className="mt-6 border-t border-border pt-4">
          <h3 className="text-xs font-medium text-muted uppercase">Customer Message</h3>
          <p className="mt-1 text-sm whitespace-pre-line text-gray-900">{customerMessage}</p>
        </section>
      ) : null}
      {children}
      {compact ? null : <MarginBox doc={doc} />}
    </article>
  );
}

function Parties({ doc, compact }: { doc: PreviewDocument; compact: boolean }) {
  const items: { label: string; value: ReactNode }[] = [
    { label: 'Customer', value: doc.account.name },
    { label: 'Site Address', value: dash(doc.tenantAccountAddress?.fullAddress) },
    { label: 'Building/Unit', value: dash(doc.buildingUnit?.buildingUnit) },
  ];
  if (!compact) {
    items.push(
      { label: 'Billing Contact', value: dash(doc.billingContact?.name) },
      { label: 'Site Contact', value: dash(doc.siteContact?.name) },
      { label: 'Payment Term', value: dash(doc.paymentTerm) },
      {
        label: 'Job',
        value: doc.job ? (
          <Link to="/workorder/jobs/$id" params={{ id: doc.job.id }} className="text-primary hover:underline">
            #{doc.job.jobNumber}
          </Link>
        ) : (
          '—'
        ),
      },
    );
  }
  return (
    <div className="py-4 text-sm">
      <DetailList items={items} />
    </div>
  );
}

type Line = PreviewDocument['productServices'][number];

const taxText = (line: Line) => (line.isTaxable ? `${line.taxPercent}%` : '—');

function LineItems({ lines }: { lines: readonly Line[] }) {
  const mobile = useIsMobile();
  if (lines.length === 0) return <p className="border-y border-border py-6 text-center text-sm text-muted">No products or services</p>;
  if (mobile) {
    return (
      <ul aria-label="Products and services" className="divide-y divide-border border-y border-border">
        {lines.map((line) => (
          <li key={line.id} className="py-3 text-sm">
            <div className="flex justify-between gap-3">
              <span className="min-w-0 font-medium break-words text-gray-900">{line.name}</span>
              <span className="font-medium text-gray-900 tabular-nums">{formatMoney(line.total)}</span>
            </div>
            {line.description ? <p className="mt-0.5 break-words whitespace-pre-line text-muted">{line.description}</p> : null}
            <p className="mt-1 text-muted tabular-nums">
              {line.qty} × {formatMoney(line.rate)} · Tax {taxText(line)}
            </p>
          </li>
        ))}
      </ul>
    );
  }
  const head = 'px-3 py-2 text-xs font-medium text-muted uppercase';
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-y border-border text-sm">
        <caption className="sr-only">Products and services</caption>
        <thead className="bg-gray-50">
          <tr>
            <th scope="col" className={cn(head, 'text-left')}>
              Name
            </th>
            <th scope="col" className={cn(head, 'text-left')}>
              Description
            </th>
            <th scope="col" className={cn(head, 'text-right')}>
              Qty
            </th>
            <th scope="col" className={cn(head, 'text-right')}>
              Rate
            </th>
            <th scope="col" className={cn(head, 'text-right')}>
              Tax %
            </th>
            <th scope="col" className={cn(head, 'text-right')}>
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {lines.map((line) => (
            <tr key={line.id} className="align-top">
              <td className="px-3 py-2 font-medium break-words text-gray-900">{line.name}</td>
              <td className="px-3 py-2 break-words whitespace-pre-line text-gray-700">{dash(line.description)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{line.qty}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatMoney(line.rate)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{taxText(line)}</td>
              <td className="px-3 py-2 text-right font-medium tabular-nums">{formatMoney(line.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Totals({ doc, extra }: { doc: PreviewDocument; extra: readonly { label: string; value: ReactNode; strong?: boolean }[] }) {
  const rows: { label: string; value: ReactNode; strong?: boolean }[] = [
    { label: 'Subtotal', value: formatMoney(doc.subTotal) },
    { label: 'Tax', value: formatMoney(doc.tax) },
    { label: 'Freight', value: formatMoney(doc.freight) },
    { label: 'Total', value: formatMoney(doc.totalAmount), strong: true },
  ];
  if (doc.isDepositRequired) rows.push({ label: 'Deposit', value: formatMoney(doc.depositAmount) });
  rows.push(...extra);
  return (
    <dl aria-label="Totals" className="mt-4 ml-auto grid w-full max-w-xs grid-cols-[1fr_auto] gap-y-1 text-sm">
      {rows.map((row) => (
        <div key={row.label} className={cn('contents', row.strong && 'font-semibold text-gray-900')}>
          <dt className={cn('pr-6', row.strong ? 'border-t border-border pt-1' : 'text-muted')}>{row.label}</dt>
          <dd className={cn('text-right tabular-nums', row.strong && 'border-t border-border pt-1')}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Office readers only: the API leaves the margin fields out for everyone else. */
function MarginBox({ doc }: { doc: PreviewDocument }) {
  if (doc.totalMargin === undefined) return null;
  const negative = doc.totalMargin < 0;
  return (
    <section aria-label="Margin" className="mt-6 ml-auto w-full max-w-xs rounded-md border border-border bg-gray-50 p-3 text-sm">
      <h3 className="mb-1 text-xs font-medium text-muted uppercase">Margin</h3>
      <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-0.5">
        <dt className="text-muted">Revenue</dt>
        <dd className="text-right tabular-nums">{formatMoney(doc.totalRevenue)}</dd>
        <dt className="text-muted">Margin</dt>
        <dd className={cn('text-right font-medium tabular-nums', negative && 'text-danger')}>{formatMoney(doc.totalMargin)}</dd>
        <dt className="text-muted">Margin %</dt>
        <dd className={cn('text-right tabular-nums', negative && 'text-danger')}>{formatPercent(doc.marginPercentage)}</dd>
      </dl>
    </section>
  );
}

const DECISION_LABELS = {
  APPROVED: ESTIMATE_STATUS_LABELS.APPROVED,
  DECLINED: ESTIMATE_STATUS_LABELS.DECLINED,
  CHANGE_REQUEST: ESTIMATE_STATUS_LABELS.CHANGE_REQUEST,
} as const satisfies Record<ApprovalDecision, string>;

/** The customer's recorded answer — onsite or in the portal — with the signature and the portal's record of it. */
export function ApprovalBlock({ approval, timeZone }: { approval: NonNullable<Estimate['approval']>; timeZone: string }) {
  return (
    <section aria-label="Approval" className="mt-6 border-t border-border pt-4 text-sm">
      <h3 className="text-xs font-medium text-muted uppercase">Customer response</h3>
      <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
        <div>
          <dt className="text-muted">Decision</dt>
          <dd className="font-medium text-gray-900">{DECISION_LABELS[approval.decision]}</dd>
        </div>
        <div>
          <dt className="text-muted">Signed by</dt>
          <dd className="text-gray-900">{approval.signerName}</dd>
        </div>
        <div>
          <dt className="text-muted">Signed at</dt>
          <dd className="text-gray-900">{formatDateTime(approval.signedAt, timeZone)}</dd>
        </div>
        <div>
          <dt className="text-muted">IP address</dt>
          <dd className="text-gray-900">{dash(approval.signerIp)}</dd>
        </div>
        <div>
          <dt className="text-muted">Answered</dt>
          <dd className="text-gray-900">{approval.via === 'portal' ? 'In the customer portal' : 'Onsite'}</dd>
        </div>
        {approval.typedSignature ? (
          <div>
            <dt className="text-muted">Typed signature</dt>
            <dd className="text-gray-900 italic">{approval.typedSignature}</dd>
          </div>
        ) : null}
        {approval.userAgent ? (
          <div className="sm:col-span-2">
            <dt className="text-muted">Browser</dt>
            <dd className="break-words text-gray-900">{approval.userAgent}</dd>
          </div>
        ) : null}
        {approval.documentHash ? (
          <div className="sm:col-span-2">
            <dt className="text-muted">Document fingerprint (SHA-256)</dt>
            <dd className="font-mono text-xs break-all text-gray-900">{approval.documentHash}</dd>
          </div>
        ) : null}
        {approval.comment ? (
          <div className="sm:col-span-2">
            <dt className="text-muted">Comment</dt>
            <dd className="break-words whitespace-pre-line text-gray-900">{approval.comment}</dd>
          </div>
        ) : null}
      </dl>
      {approval.signature ? (
        <img
          src={approval.signature}
          alt={`Signature of ${approval.signerName}`}
          className="mt-3 h-auto max-h-32 w-full max-w-xs rounded border border-border bg-white"
        />
      ) : null}
    </section>
  );
}

/**
 * What a document page shows before it has the record: a skeleton while loading, a not-found panel with the
 * way back to the list on 404 (another company's record answers the same), otherwise the error and a retry.
 */
export function DocumentLoadState({ kind, query }: { kind: DocumentKind; query: { isLoading: boolean; error: unknown; refetch: () => unknown } }) {
  const estimate = kind === 'estimate';
  const listTo = estimate ? '/workorder/estimates' : '/workorder/invoices';
  if (query.isLoading) return <DocumentPreviewSkeleton label={estimate ? 'Loading estimate' : 'Loading invoice'} />;
  return (
    <>
      <div className="mb-4">
        <BackLink to={listTo}>{estimate ? 'Estimates' : 'Invoices'}</BackLink>
      </div>
      {isApiError(query.error) && query.error.statusCode === 404 ? (
        <NoticePanel
          icon={<SearchX size={28} aria-hidden="true" className="text-gray-400" />}
          title={estimate ? ESTIMATE_MESSAGES.notFound : INVOICE_MESSAGES.notFound}
          action={
            <Link to={listTo} className={buttonClass('secondary')}>
              {estimate ? 'Back to estimates' : 'Back to invoices'}
            </Link>
          }
        >
          <span className="text-muted">It may have been deleted, or the link is wrong.</span>
        </NoticePanel>
      ) : (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      )}
    </>
  );
}

function DocumentPreviewSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label}>
      <div className="mb-4 space-y-2">
        <Skeleton className="h-4 w-20" />
        <Skeleton className="h-7 w-64 max-w-full" />
      </div>
      <div className="space-y-4 rounded-lg border border-border bg-white p-4 sm:p-8">
        <div className="flex justify-between gap-4">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-8 w-32" />
        </div>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-32 w-full" />
        <Skeleton className="ml-auto h-20 w-48" />
      </div>
    </div>
  );
}
