import { centsToDollars } from '@fieldwork/domain/common/money.rules';
import { COST_CATEGORIES, COST_FOR_LABELS, COST_TYPE_LABELS, type CostTotals, type CostType, type EquipmentUnit } from '@fieldwork/domain/jobs/costs.rules';
import type { Cost, CostSummary } from '@fieldwork/domain/jobs/costs.schemas';
import { toCsvText } from '../../lib/csv.ts';
import type { CostRow } from './costs.repository.ts';

const milli = (v: number | null) => (v === null ? null : Number(v) / 1000);
const dollars = (v: number | null) => (v === null ? null : centsToDollars(Number(v)));

type TypeFields = Pick<Cost, 'hours' | 'hourlyRate' | 'miles' | 'mileRate' | 'quantity' | 'unitCost' | 'rate' | 'unit'>;
const none: TypeFields = { hours: null, hourlyRate: null, miles: null, mileRate: null, quantity: null, unitCost: null, rate: null, unit: null };

/** Which stored figures each type shows, under the names its form sends them. */
const TYPE_FIELDS = {
  LABOR: (r) => ({ ...none, hours: milli(r.quantity_milli), hourlyRate: dollars(r.rate_cents) }),
  VEHICLE: (r) => ({
    ...none,
    hours: milli(r.quantity_milli),
    hourlyRate: dollars(r.rate_cents),
    miles: milli(r.miles_milli),
    mileRate: dollars(r.mile_rate_cents),
  }),
  MATERIAL: (r) => ({ ...none, quantity: milli(r.quantity_milli), unitCost: dollars(r.rate_cents) }),
  EQUIPMENT: (r) => ({ ...none, quantity: milli(r.quantity_milli), rate: dollars(r.rate_cents), unit: (r.unit as EquipmentUnit | null) ?? 'HOUR' }),
  SUBCONTRACTOR: () => none,
  OTHER: () => none,
} as const satisfies Record<CostType, (r: CostRow) => TypeFields>;

export function toCostDto(r: CostRow): Cost {
  const type = r.cost_type as CostType;
  return {
    id: r.id,
    costType: type,
    costFor: r.cost_for as Cost['costFor'],
    jobId: r.job_id,
    taskId: r.task_id,
    estimateId: r.estimate_id,
    invoiceId: r.invoice_id,
    activityId: r.activity_id,
    date: r.cost_date,
    notes: r.notes,
    user: r.user_id ? { id: r.user_id, name: r.user_name ?? '' } : null,
    vehicle: r.vehicle_id ? { id: r.vehicle_id, name: r.vehicle_name ?? '' } : null,
    subcontractor: r.subcontractor_id ? { id: r.subcontractor_id, name: r.subcontractor_name ?? '' } : null,
    bidId: r.bid_id,
    item: r.item,
    supplier: r.supplier,
    description: r.description,
    ...TYPE_FIELDS[type](r),
    amount: centsToDollars(Number(r.amount_cents)),
    createdBy: r.created_by ? { userId: r.created_by, username: r.creator_name ?? '' } : null,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
  };
}

export function toSummaryDto(t: CostTotals): CostSummary {
  const money = Object.fromEntries([...COST_CATEGORIES, 'total'].map((k) => [k, centsToDollars(t.totalCents[k as keyof typeof t.totalCents])]));
  return { count: t.count, totalCost: money as CostSummary['totalCost'] };
}

/** What the export calls each thing a cost can be "of". */
function subjectOf(c: Cost): string {
  return c.user?.name ?? c.vehicle?.name ?? c.subcontractor?.name ?? c.item ?? c.description ?? '';
}

const CSV_HEADER = [
  'Date',
  'Type',
  'Actual / Estimated',
  'Item / Person',
  'Supplier',
  'Hours',
  'Miles',
  'Quantity',
  'Unit',
  'Rate',
  'Amount',
  'Notes',
  'Task #',
  'Task',
  'Estimate #',
  'Invoice #',
  'Created By',
];

const numbered = (n: number | null | undefined) => (n === null || n === undefined ? null : `#${n}`);

/** The export names what a bookkeeper reads on screen (task, estimate and invoice numbers), never internal ids. */
export function toCsv(rows: CostRow[]): string {
  return toCsvText(
    CSV_HEADER,
    rows.map((r) => {
      const c = toCostDto(r);
      const rate = c.hourlyRate ?? c.unitCost ?? c.rate;
      return [
        c.date,
        COST_TYPE_LABELS[c.costType],
        COST_FOR_LABELS[c.costFor],
        subjectOf(c),
        c.supplier,
        c.hours,
        c.miles,
        c.quantity,
        c.unit,
        rate === null ? null : rate.toFixed(2),
        c.amount.toFixed(2),
        c.notes,
        numbered(r.task_number),
        r.task_name,
        numbered(r.estimate_number),
        numbered(r.invoice_number),
        c.createdBy?.username ?? null,
      ];
    }),
  );
}
