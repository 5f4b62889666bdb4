import { Link } from '@tanstack/react-router';
import type { Plan } from '@fieldwork/domain/plans/plans.schemas';
import { BILLING_LABELS } from '@fieldwork/domain/plans/plans.rules';
import { Badge } from '../../components/badge';
import type { CardField } from '../../components/card-list';
import type { Column } from '../../components/data-table';
import { formatDateTime } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { PlanStatusBadge } from '../../shared/plans/plan-badge';

/** "3 / 4": visits done this year out of the visits the rule brings this year. */
export const visitsThisYearText = (p: Pick<Plan, 'visitsDoneThisYear' | 'visitsDueThisYear'>) => `${p.visitsDoneThisYear} / ${p.visitsDueThisYear}`;

export function NeedsAttentionCount({ count }: { count: number }) {
  if (!count) return <span className="text-muted">—</span>;
  return <Badge tone="warning">{count === 1 ? '1 needs attention' : `${count} need attention`}</Badge>;
}

export function planColumns(timeZone: string): Column<Plan>[] {
  return [
    {
      key: 'name',
      header: 'Plan',
      sortable: true,
      cell: (p) => (
        <Link to="/plans/$id" params={{ id: p.id }} className="font-medium text-gray-900 hover:underline" onClick={(e) => e.stopPropagation()}>
          {p.name}
        </Link>
      ),
    },
    { key: 'customer', header: 'Customer', cell: (p) => p.customer.name },
    { key: 'site', header: 'Site', cell: (p) => <span className="line-clamp-2">{p.siteAddress.fullAddress}</span> },
    { key: 'rule', header: 'Rule', cell: (p) => p.ruleText },
    { key: 'nextVisitAt', header: 'Next visit', sortable: true, cell: (p) => (p.nextVisitAt ? formatDateTime(p.nextVisitAt, timeZone) : '—') },
    { key: 'visits', header: 'Done / due this year', cell: visitsThisYearText },
    {
      key: 'yearlyValue',
      header: 'Yearly value',
      sortable: true,
      className: 'text-right',
      cell: (p) => (
        <span title={BILLING_LABELS[p.billing]} className="tabular-nums">
          {formatMoney(p.yearlyValue)}
        </span>
      ),
    },
    { key: 'status', header: 'Status', cell: (p) => <PlanStatusBadge status={p.status} /> },
    { key: 'needsAttention', header: 'Needs attention', cell: (p) => <NeedsAttentionCount count={p.needsAttention} /> },
  ];
}

export function planCardFields(timeZone: string): CardField<Plan>[] {
  return [
    { label: 'Customer', value: (p) => p.customer.name },
    { label: 'Site', value: (p) => p.siteAddress.fullAddress },
    // The rule is the plan's identity on a phone too: it wraps instead of being cut.
    { label: 'Rule', value: (p) => <span className="whitespace-normal">{p.ruleText}</span> },
    { label: 'Next visit', value: (p) => (p.nextVisitAt ? formatDateTime(p.nextVisitAt, timeZone) : '—') },
    { label: 'Done / due this year', value: visitsThisYearText },
    { label: 'Yearly value', value: (p) => formatMoney(p.yearlyValue) },
    { label: 'Status', value: (p) => <PlanStatusBadge status={p.status} /> },
    { label: 'Needs attention', value: (p) => <NeedsAttentionCount count={p.needsAttention} /> },
  ];
}
