import type { Plan } from '@fieldwork/domain/plans/plans.schemas';
import { BILLING_LABELS } from '@fieldwork/domain/plans/plans.rules';
import { PERIOD_INVOICE_LEAD_DAYS } from '@fieldwork/domain/plans/plan-invoices.rules';
import { Card } from '../../components/card';
import { useAuth } from '../../lib/auth-context';
import { useInvoiceList } from '../../shared/billing/document-list';
import { InvoiceListView } from '../../shared/billing/invoice-columns';

/** When this plan drafts its invoices, in the office's words. */
export function planInvoicingText(plan: Pick<Plan, 'billing' | 'autoSendInvoices'>): string {
  const when =
    plan.billing === 'per_visit'
      ? 'An invoice is drafted when each visit is closed.'
      : `${BILLING_LABELS[plan.billing]} invoices are drafted ${PERIOD_INVOICE_LEAD_DAYS} days before each period starts.`;
  return `${when} ${plan.autoSendInvoices ? 'They are sent to the customer on their own.' : 'Drafts wait for the office to send them.'}`;
}

/** The invoices drafted for the plan (its job's invoices, newest first), for those who may read invoices. */
export function PlanInvoices({ plan }: { plan: Plan }) {
  return useAuth().can('invoices.read') ? <PlanInvoiceList plan={plan} /> : null;
}

function PlanInvoiceList({ plan }: { plan: Plan }) {
  const list = useInvoiceList(plan.job.id);
  return (
    <Card title="Invoices">
      <p className="mb-3 text-sm text-muted-foreground">{planInvoicingText(plan)}</p>
      <InvoiceListView list={list} place="job" />
    </Card>
  );
}
