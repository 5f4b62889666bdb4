import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { INVOICE_STATUSES, INVOICE_STATUS_LABELS } from '@fieldwork/domain/invoices.rules';
import { buttonClass } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../lib/auth-context';
import { WorkOrderPage } from '../../app/route-guards';
import { statusOptions } from '../billing/document-filter';
import { DocumentListToolbar, useInvoiceList } from '../billing/document-list';
import { EstimateNoticeBar } from '../billing/estimate-notice-bar';
import { InvoiceListView } from '../billing/invoice-columns';

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
  const list = useInvoiceList();
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
      <DocumentListToolbar noun="invoice" list={list} statusOptions={STATUS_OPTIONS} />
      <InvoiceListView list={list} place="page" />
    </>
  );
}
