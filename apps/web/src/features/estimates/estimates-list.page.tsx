import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { ESTIMATE_STATUSES, ESTIMATE_STATUS_LABELS } from '@fieldwork/domain/billing/estimates.rules';
import { buttonClass } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../lib/auth-context';
import { WorkOrderPage } from '../../shared/access/route-guards';
import { statusOptions } from '../../shared/billing/document-filter';
import { DocumentListToolbar, useEstimateList } from '../../shared/billing/document-list';
import { EstimateListView } from '../../shared/billing/estimate-columns';
import { EstimateNoticeBar } from '../../shared/billing/estimate-notice-bar';

const STATUS_OPTIONS = statusOptions(ESTIMATE_STATUSES, ESTIMATE_STATUS_LABELS);

export function EstimatesListPage() {
  return (
    <WorkOrderPage>
      <EstimatesList />
    </WorkOrderPage>
  );
}

function EstimatesList() {
  const auth = useAuth();
  const list = useEstimateList();
  return (
    <>
      <PageHeader
        title="Estimates"
        actions={
          auth.can('estimates.write') ? (
            <Link to="/workorder/estimates/$id/create" params={{ id: 'new' }} search={{}} className={buttonClass('primary')}>
              <Plus size={16} aria-hidden="true" /> Create New
            </Link>
          ) : null
        }
      />
      <EstimateNoticeBar />
      <DocumentListToolbar noun="estimate" list={list} statusOptions={STATUS_OPTIONS} />
      <EstimateListView list={list} place="page" />
    </>
  );
}
