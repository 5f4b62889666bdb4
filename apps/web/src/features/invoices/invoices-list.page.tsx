import { Link, useSearch } from '@tanstack/react-router';
import { Plus, X } from 'lucide-react';
import { INVOICE_STATUSES, INVOICE_STATUS_LABELS } from '@fieldwork/domain/billing/invoices.rules';
import { Badge } from '../../components/badge';
import { buttonClass } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../lib/auth-context';
import { WorkOrderPage } from '../../shared/access/route-guards';
import { statusOptions } from '../../shared/billing/document-filter';
import { DocumentListToolbar, useInvoiceList } from '../../shared/billing/document-list';
import { EstimateNoticeBar } from '../../shared/billing/estimate-notice-bar';
import { InvoiceListView } from '../../shared/billing/invoice-columns';

/** The dashboard's "View overdue invoices" opens the list with ?overdue=true (the router keeps only that literal). */
export type InvoicesListSearch = { overdue?: true };

const STATUS_OPTIONS = statusOptions(INVOICE_STATUSES, INVOICE_STATUS_LABELS);

export function InvoicesListPage() {
  return (
    <WorkOrderPage>
      <InvoicesList />
    </WorkOrderPage>
  );
}

function InvoicesList() {
  const auth = useAuth();
  const search: InvoicesListSearch = useSearch({ strict: false });
  const overdue = search.overdue === true;
  const list = useInvoiceList(undefined, overdue);
  return (
    <>
      <PageHeader
        title="Invoices"
        actions={
          auth.can('invoices.write') ? (
            <Link to="/workorder/invoices/$id/create" params={{ id: 'new' }} search={{}} className={buttonClass('primary')}>
              <Plus size={16} aria-hidden="true" /> Create New
            </Link>
          ) : null
        }
      />
      <EstimateNoticeBar />
      <DocumentListToolbar noun="invoice" list={list} statusOptions={STATUS_OPTIONS}>
        {overdue ? (
          <Badge tone="primary" className="gap-1 py-1 pr-1 text-sm">
            Overdue only
            <Link
              to="/workorder/invoices"
              search={{}}
              aria-label="Remove the overdue filter"
              onClick={() => list.setPage(1)}
              className="rounded-full p-0.5 hover:bg-white/60"
            >
              <X size={14} aria-hidden="true" />
            </Link>
          </Badge>
        ) : null}
      </DocumentListToolbar>
      <InvoiceListView list={list} place="page" />
    </>
  );
}
