import type { ReactNode } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { COST_TYPE_LABELS } from '@fieldwork/domain/jobs/costs.rules';
import type { Cost } from '@fieldwork/domain/jobs/costs.schemas';
import type { CardField } from '../../components/card-list';
import type { Column } from '../../components/data-table';
import { dash } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { formatDay } from '../../shared/billing/document-preview';
import { RowActionsFrame, ROW_ICON_CLASS } from '../../shared/billing/document-row-menu';

/** Who, what or which vehicle the cost is for, as the office recognises it. */
export function costDetails(c: Cost): string {
  const parts: string[] = [];
  switch (c.costType) {
    case 'LABOR':
      parts.push(c.user?.name ?? '');
      break;
    case 'VEHICLE':
      parts.push(c.vehicle?.name ?? '');
      break;
    case 'SUBCONTRACTOR':
      parts.push(c.subcontractor?.name ?? '');
      break;
    case 'MATERIAL':
      parts.push(c.item ?? '', c.supplier ? `from ${c.supplier}` : '');
      break;
    case 'EQUIPMENT':
      parts.push(c.item ?? '');
      break;
    case 'OTHER':
      parts.push(c.description ?? '');
      break;
  }
  return dash(parts.filter(Boolean).join(' '));
}

const num = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 3 });

/** Hours, days, units or miles — the amount of work or goods the rate applies to. */
export function costQuantity(c: Cost): string {
  switch (c.costType) {
    case 'LABOR':
      return c.hours === null ? '—' : `${num(c.hours)} h`;
    case 'VEHICLE': {
      const parts = [c.hours ? `${num(c.hours)} h` : '', c.miles ? `${num(c.miles)} mi` : ''].filter(Boolean);
      return parts.length ? parts.join(' · ') : '—';
    }
    case 'EQUIPMENT':
      return c.quantity === null ? '—' : `${num(c.quantity)} ${c.unit === 'DAY' ? 'd' : 'h'}`;
    case 'MATERIAL':
      return c.quantity === null ? '—' : num(c.quantity);
    default:
      return '—';
  }
}

export function costRate(c: Cost): string {
  switch (c.costType) {
    case 'LABOR':
      return c.hourlyRate === null ? '—' : `${formatMoney(c.hourlyRate)}/h`;
    case 'VEHICLE': {
      const parts = [
        c.hours && c.hourlyRate !== null ? `${formatMoney(c.hourlyRate)}/h` : '',
        c.miles && c.mileRate !== null ? `${formatMoney(c.mileRate)}/mi` : '',
      ].filter(Boolean);
      return parts.length ? parts.join(' · ') : '—';
    }
    case 'EQUIPMENT':
      return c.rate === null ? '—' : `${formatMoney(c.rate)}/${c.unit === 'DAY' ? 'd' : 'h'}`;
    case 'MATERIAL':
      return c.unitCost === null ? '—' : formatMoney(c.unitCost);
    default:
      return '—';
  }
}

export type CostRowContext = {
  /** Task numbers of the job's tasks, by id. */
  taskNumbers: ReadonlyMap<string, number>;
  canWrite: boolean;
  onEdit: (cost: Cost) => void;
  onDelete: (cost: Cost) => void;
};

const taskText = (c: Cost, ctx: CostRowContext) => (c.taskId ? (ctx.taskNumbers.has(c.taskId) ? `#${ctx.taskNumbers.get(c.taskId)}` : '—') : '—');
const rowName = (c: Cost) => `${COST_TYPE_LABELS[c.costType]} cost of ${formatDay(c.date)}`;

export function CostRowActions({ cost, ctx }: { cost: Cost; ctx: CostRowContext }): ReactNode {
  if (!ctx.canWrite) return null;
  return (
    <RowActionsFrame>
      <button type="button" aria-label={`Edit ${rowName(cost)}`} className={ROW_ICON_CLASS} onClick={() => ctx.onEdit(cost)}>
        <Pencil size={16} aria-hidden="true" />
      </button>
      <button type="button" aria-label={`Delete ${rowName(cost)}`} className={ROW_ICON_CLASS} onClick={() => ctx.onDelete(cost)}>
        <Trash2 size={16} aria-hidden="true" />
      </button>
    </RowActionsFrame>
  );
}

export function costColumns(ctx: CostRowContext): Column<Cost>[] {
  const cols: Column<Cost>[] = [
    { key: 'date', header: 'Date', cell: (c) => formatDay(c.date) },
    { key: 'type', header: 'Type', cell: (c) => COST_TYPE_LABELS[c.costType] },
    { key: 'details', header: 'Details', cell: (c) => costDetails(c) },
    { key: 'quantity', header: 'Quantity/Hours', cell: (c) => costQuantity(c), className: 'text-right tabular-nums' },
    { key: 'rate', header: 'Rate', cell: (c) => costRate(c), className: 'text-right tabular-nums' },
    { key: 'amount', header: 'Amount', cell: (c) => formatMoney(c.amount), className: 'text-right tabular-nums' },
    { key: 'task', header: 'Task #', cell: (c) => taskText(c, ctx) },
    { key: 'createdBy', header: 'Created by', cell: (c) => dash(c.createdBy?.username) },
  ];
  if (ctx.canWrite) cols.push({ key: 'actions', header: 'Actions', cell: (c) => <CostRowActions cost={c} ctx={ctx} />, stickyEnd: true });
  return cols;
}

export function costCardFields(ctx: CostRowContext): CardField<Cost>[] {
  const fields: CardField<Cost>[] = [
    { label: 'Date', value: (c) => formatDay(c.date) },
    { label: 'Details', value: (c) => costDetails(c) },
    { label: 'Quantity/Hours', value: (c) => costQuantity(c) },
    { label: 'Rate', value: (c) => costRate(c) },
    { label: 'Task #', value: (c) => taskText(c, ctx) },
    { label: 'Created by', value: (c) => dash(c.createdBy?.username) },
  ];
  if (ctx.canWrite) fields.push({ label: 'Actions', value: (c) => <CostRowActions cost={c} ctx={ctx} /> });
  return fields;
}

export function costCardTitle(c: Cost): ReactNode {
  return (
    <span className="flex justify-between gap-2">
      <span>{COST_TYPE_LABELS[c.costType]}</span>
      <span className="tabular-nums">{formatMoney(c.amount)}</span>
    </span>
  );
}
