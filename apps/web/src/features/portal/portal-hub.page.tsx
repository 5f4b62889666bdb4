/**
 * /portal: everything this customer has with the company — estimates, invoices with what is still owed,
 * upcoming visits with who is coming, past jobs — and a way to ask for more work.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import type { PortalHub } from '@fieldwork/domain/portal/portal.schemas';
import { Avatar } from '../../components/avatar';
import { formatMoney } from '../../lib/money';
import { EstimateStatusBadge, InvoiceStatusBadge } from '../../shared/billing/document-status-badge';
import { portalDay, visitWhen } from './portal-format';
import { usePortalMe } from './portal-layout';
import { PortalCard, PortalLoadState } from './portal-load-state';
import { portalApi, portalKeys } from './portal.api';
import { REQUEST_WORK_TITLE, WorkRequestForm } from './work-request-form';

export const HUB_EMPTY = {
  estimates: 'No estimates yet.',
  invoices: 'No invoices yet.',
  visits: 'No visits scheduled.',
  pastJobs: 'No past jobs yet.',
} as const;

export function PortalHubPage() {
  const me = usePortalMe();
  const query = useQuery({ queryKey: portalKeys.hub, queryFn: () => portalApi.hub() });
  if (!query.data) return <PortalLoadState query={query} />;
  const hub = query.data;
  return (
    <>
      <h1 className="text-xl font-semibold text-gray-900">{me ? `Hello, ${me.customer.name}` : 'Your account'}</h1>
      <Estimates items={hub.estimates} />
      <Invoices items={hub.invoices} />
      <Visits items={hub.visits} />
      <PastJobs items={hub.pastJobs} />
      <PortalCard title={REQUEST_WORK_TITLE} description="Tell us what you need and we will get back to you.">
        <WorkRequestForm mode="hub" sites={me?.sites ?? []} />
      </PortalCard>
    </>
  );
}

function List({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <PortalCard title={title}>
      {children.length === 0 ? (
        <p className="rounded-md bg-gray-50 px-3 py-4 text-center text-sm text-muted">{empty}</p>
      ) : (
        <ul aria-label={title} className="divide-y divide-border">
          {children}
        </ul>
      )}
    </PortalCard>
  );
}

const rowLink = 'flex min-h-14 items-center gap-3 py-2 -mx-2 px-2 rounded-md hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-primary';

function Estimates({ items }: { items: PortalHub['estimates'] }) {
  return (
    <List title="Estimates" empty={HUB_EMPTY.estimates}>
      {items.map((e) => (
        <li key={e.id}>
          <Link to="/portal/estimates/$id" params={{ id: e.id }} className={rowLink}>
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
                Estimate #{e.estimateNumber} <EstimateStatusBadge status={e.status} label={e.statusLabel} />
              </p>
              {e.dueDate ? <p className="text-sm text-muted">Valid until {portalDay(e.dueDate)}</p> : null}
            </div>
            <span className="font-medium text-gray-900 tabular-nums">{formatMoney(e.totalAmount)}</span>
            <ChevronRight size={18} aria-hidden="true" className="text-muted" />
          </Link>
        </li>
      ))}
    </List>
  );
}

function Invoices({ items }: { items: PortalHub['invoices'] }) {
  return (
    <List title="Invoices" empty={HUB_EMPTY.invoices}>
      {items.map((i) => (
        <li key={i.id}>
          <Link to="/portal/invoices/$id" params={{ id: i.id }} className={rowLink}>
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
                Invoice #{i.invoiceNumber} <InvoiceStatusBadge status={i.status} label={i.statusLabel} />
              </p>
              <p className="text-sm text-muted">
                Total {formatMoney(i.totalAmount)}
                {i.dueDate && i.balance > 0 ? ` · Due ${portalDay(i.dueDate)}` : ''}
              </p>
            </div>
            <div className="text-right">
              <p className="text-xs text-muted">Balance</p>
              <p className="font-medium text-gray-900 tabular-nums">{formatMoney(i.balance)}</p>
            </div>
            <ChevronRight size={18} aria-hidden="true" className="text-muted" />
          </Link>
        </li>
      ))}
    </List>
  );
}

function Visits({ items }: { items: PortalHub['visits'] }) {
  const timeZone = usePortalMe()?.company.timeZone;
  return (
    <List title="Upcoming visits" empty={HUB_EMPTY.visits}>
      {items.map((v) => {
        const when = visitWhen(v.startAt, v.endAt, timeZone);
        return (
          <li key={v.id} className="flex items-start gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium text-gray-900">{when.day}</p>
              <p className="text-sm text-gray-900">{when.window}</p>
              <p className="text-sm text-muted">
                {v.name}
                {v.address ? ` · ${v.address}` : ''}
              </p>
            </div>
            {v.technician ? (
              <div className="flex shrink-0 flex-col items-center gap-1 text-center">
                <Avatar name={v.technician.firstName} src={v.technician.photoUrl} size={40} />
                <p className="text-xs text-muted">{v.technician.firstName}</p>
              </div>
            ) : null}
          </li>
        );
      })}
    </List>
  );
}

function PastJobs({ items }: { items: PortalHub['pastJobs'] }) {
  return (
    <List title="Past jobs" empty={HUB_EMPTY.pastJobs}>
      {items.map((j) => (
        <li key={j.id} className="flex items-center justify-between gap-3 py-3">
          <p className="min-w-0 text-gray-900">
            <span className="font-medium">Job #{j.jobNumber}</span> · {j.name}
          </p>
          <p className="shrink-0 text-sm text-muted">{j.closedOn ? `Done ${portalDay(j.closedOn)}` : ''}</p>
        </li>
      ))}
    </List>
  );
}
