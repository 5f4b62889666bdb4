/**
 * An estimate or invoice as the customer reads it: number and status, its lines (cards on a phone, a table
 * from 640 px), the totals, the company's message and the PDF download.
 */
import type { ReactNode } from 'react';
import { Download } from 'lucide-react';
import type { PortalEstimate } from '@fieldwork/domain/portal/portal.schemas';
import { buttonClass } from '../../components/button';
import { formatMoney } from '../../lib/money';

type Line = PortalEstimate['lines'][number];
export type TotalRow = { label: string; value: string; strong?: boolean };

export const DOWNLOAD_PDF = 'Download PDF';

export function PortalDocument(props: {
  title: 'Estimate' | 'Invoice';
  number: number;
  status: ReactNode;
  dates: readonly { label: string; value: string }[];
  address: string | null;
  lines: readonly Line[];
  totals: readonly TotalRow[];
  customerMessage: string | null;
  pdfUrl: string;
  children?: ReactNode;
}) {
  const { title, number, status, dates, address, lines, totals, customerMessage, pdfUrl, children } = props;
  return (
    <article aria-label={`${title} #${number}`} className="rounded-lg border border-border bg-white p-4 shadow-sm sm:p-6">
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-border pb-4">
        <div className="min-w-0">
          <h1 className="flex flex-wrap items-center gap-2 text-xl font-semibold text-gray-900">
            {title} #{number} {status}
          </h1>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
            {dates.map((d) => (
              <div key={d.label} className="contents">
                <dt className="text-muted">{d.label}</dt>
                <dd className="text-gray-900">{d.value}</dd>
              </div>
            ))}
            {address ? (
              <>
                <dt className="text-muted">Address</dt>
                <dd className="break-words text-gray-900">{address}</dd>
              </>
            ) : null}
          </dl>
        </div>
        <a href={pdfUrl} download className={buttonClass('secondary', 'md', 'min-h-11')}>
          <Download size={16} aria-hidden="true" /> {DOWNLOAD_PDF}
        </a>
      </header>
      <Lines lines={lines} />
      <dl aria-label="Totals" className="mt-4 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
        {totals.map((t) => (
          <div key={t.label} className="contents">
            <dt className={t.strong ? 'font-semibold text-gray-900' : 'text-muted'}>{t.label}</dt>
            <dd className={`text-right tabular-nums ${t.strong ? 'font-semibold text-gray-900' : 'text-gray-900'}`}>{t.value}</dd>
          </div>
        ))}
      </dl>
      {customerMessage ? (
        <section aria-label="Message" className="mt-6 border-t border-border pt-4">
          <h2 className="text-xs font-medium text-muted uppercase">Message</h2>
          <p className="mt-1 text-sm whitespace-pre-line text-gray-900">{customerMessage}</p>
        </section>
      ) : null}
      {children}
    </article>
  );
}

function Lines({ lines }: { lines: readonly Line[] }) {
  if (lines.length === 0) return <p className="py-4 text-sm text-muted">No items.</p>;
  return (
    <>
      <ul aria-label="Items" className="divide-y divide-border sm:hidden">
        {lines.map((l, i) => (
          <li key={i} className="py-3">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-medium break-words text-gray-900">{l.name}</p>
              <p className="shrink-0 font-medium text-gray-900 tabular-nums">{formatMoney(l.total)}</p>
            </div>
            {l.description ? <p className="mt-0.5 text-sm whitespace-pre-line text-muted">{l.description}</p> : null}
            <p className="mt-0.5 text-sm text-muted tabular-nums">
              {l.qty} × {formatMoney(l.rate)}
            </p>
          </li>
        ))}
      </ul>
      <table className="mt-2 hidden w-full text-sm sm:table">
        <caption className="sr-only">Items</caption>
        <thead>
          <tr className="border-b border-border text-left text-xs text-muted uppercase">
            <th scope="col" className="py-2 pr-3 font-medium">
              Item
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Qty
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Rate
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {lines.map((l, i) => (
            <tr key={i} className="align-top">
              <td className="py-2 pr-3">
                <p className="font-medium text-gray-900">{l.name}</p>
                {l.description ? <p className="text-muted whitespace-pre-line">{l.description}</p> : null}
              </td>
              <td className="py-2 pr-3 text-right tabular-nums">{l.qty}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{formatMoney(l.rate)}</td>
              <td className="py-2 text-right tabular-nums">{formatMoney(l.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Subtotal, tax, freight (when charged) and total: both documents' common rows. */
export function baseTotals(doc: { subTotal: number; tax: number; freight: number; totalAmount: number }): TotalRow[] {
  return [
    { label: 'Subtotal', value: formatMoney(doc.subTotal) },
    { label: 'Tax', value: formatMoney(doc.tax) },
    ...(doc.freight ? [{ label: 'Freight', value: formatMoney(doc.freight) }] : []),
    { label: 'Total', value: formatMoney(doc.totalAmount), strong: true },
  ];
}
