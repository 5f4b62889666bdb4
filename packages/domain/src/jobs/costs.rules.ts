/**
 * Cost records (the Costs tab and the cost calculator). Money is integer
 * cents; quantities (hours, days, miles, units) are thousandths. Amounts are always computed here from the
 * entered quantities and rates — a client's total is never read — with BigInt products, rounded half away
 * from zero like estimate lines (money.ts).
 */
import { divRoundHalfAway, lineTotalCents, marginOf, MAX_TOTAL_CENTS, formatCents } from '../common/money.rules.ts';

export const COST_TYPES = ['LABOR', 'MATERIAL', 'VEHICLE', 'EQUIPMENT', 'SUBCONTRACTOR', 'OTHER'] as const;
export type CostType = (typeof COST_TYPES)[number];
export const isCostType = (value: unknown): value is CostType => (COST_TYPES as readonly unknown[]).includes(value);
/** JOB: an actual cost of the work; ESTIMATE: an estimated cost of an estimate (the cost calculator). */
export const COST_FOR = ['JOB', 'ESTIMATE'] as const;
export type CostFor = (typeof COST_FOR)[number];
/** A job's costs are either what it actually cost (JOB) or what its estimates planned (ESTIMATE); never summed together. */
export const COST_FOR_LABELS = { JOB: 'Actual', ESTIMATE: 'Estimated' } as const satisfies Record<CostFor, string>;
export const isCostFor = (value: unknown): value is CostFor => (COST_FOR as readonly unknown[]).includes(value);
export const EQUIPMENT_UNITS = ['HOUR', 'DAY'] as const;
export type EquipmentUnit = (typeof EQUIPMENT_UNITS)[number];

/** The Costs tab's category keys, as the spec names them. */
export const COST_CATEGORY = {
  LABOR: 'laborCost',
  EQUIPMENT: 'equipmentCost',
  MATERIAL: 'materialCost',
  VEHICLE: 'vehicleCost',
  SUBCONTRACTOR: 'subcontractorCost',
  OTHER: 'otherCost',
} as const satisfies Record<CostType, string>;
export type CostCategory = (typeof COST_CATEGORY)[CostType];
export const COST_CATEGORIES = COST_TYPES.map((t) => COST_CATEGORY[t]);

export const COST_TYPE_LABELS = {
  LABOR: 'Labor',
  MATERIAL: 'Material',
  VEHICLE: 'Vehicle',
  EQUIPMENT: 'Equipment',
  SUBCONTRACTOR: 'Subcontractor',
  OTHER: 'Other',
} as const satisfies Record<CostType, string>;

/** Largest hours or days on one line, and miles. */
export const MAX_COST_HOURS = 10_000;
export const MAX_COST_MILES = 1_000_000;

export const COST_MESSAGES = {
  notFound: 'Cost not found.',
  jobRequired: 'Job is mandatory.',
  /** Spec: "Cost dialog needs an estimate selected." */
  estimateRequired: 'Please select an estimate.',
  estimateLinks: 'An estimated cost belongs to its estimate: it cannot be linked to a task, invoice or work period.',
  hoursOrMiles: 'Hours or Miles is mandatory.',
  amountTooLarge: `The amount must be at most ${formatCents(MAX_TOTAL_CENTS)}.`,
  taskOtherJob: 'The task does not belong to this job.',
  estimateOtherJob: 'The estimate does not belong to this job.',
  invoiceOtherJob: 'The invoice does not belong to this job.',
  activityOtherTask: 'The work period does not belong to this task.',
  activityNotFinished: 'This work period is still running: clock out before adding its cost.',
  activityOtherPerson: 'This person did not work this period.',
  activityOtherVehicle: 'This vehicle was not used in this work period.',
  activityNeedsTask: 'A work period can only be costed on its task.',
  alreadyCosted: 'This work period has already been added as a cost.',
  bidOtherSubcontractor: 'The bid is not from this subcontractor.',
  taskCostOnly: 'Technicians can only add costs to their own tasks.',
  jobFilterRequired: 'jobId or estimateId is mandatory.',
} as const;

/** What an amount is computed from, in storage units (thousandths and cents). */
export type CostFigures = {
  costType: CostType;
  quantityMilli: number | null;
  rateCents: number | null;
  milesMilli: number | null;
  mileRateCents: number | null;
  /** SUBCONTRACTOR and OTHER: the entered amount. */
  amountCents: number | null;
};

const n = (v: number | null) => v ?? 0;

const AMOUNT_OF = {
  LABOR: (f) => lineTotalCents(n(f.quantityMilli), n(f.rateCents)),
  MATERIAL: (f) => lineTotalCents(n(f.quantityMilli), n(f.rateCents)),
  EQUIPMENT: (f) => lineTotalCents(n(f.quantityMilli), n(f.rateCents)),
  // Hours and miles are rounded separately, as a driver's log shows them on two lines.
  VEHICLE: (f) => lineTotalCents(n(f.quantityMilli), n(f.rateCents)) + lineTotalCents(n(f.milesMilli), n(f.mileRateCents)),
  SUBCONTRACTOR: (f) => BigInt(n(f.amountCents)),
  OTHER: (f) => BigInt(n(f.amountCents)),
} as const satisfies Record<CostType, (f: CostFigures) => bigint>;

export type AmountResult = { ok: true; cents: number } | { ok: false; message: string };

/** The cost's amount in cents; refused past MAX_TOTAL_CENTS so any realistic sum of costs stays a safe integer. */
export function costAmountCents(f: CostFigures): AmountResult {
  const cents = AMOUNT_OF[f.costType](f);
  if (cents < 0n || cents > BigInt(MAX_TOTAL_CENTS)) return { ok: false, message: COST_MESSAGES.amountTooLarge };
  return { ok: true, cents: Number(cents) };
}

/**
 * A work period's length in thousandths of an hour, rounded to the hundredth of an hour (36 s) the forms
 * show, so a confirmed suggestion's amount equals what the user saw.
 */
export function activityHoursMilli(startIso: string, endIso: string): number {
  const ms = Math.max(0, Date.parse(endIso) - Date.parse(startIso));
  return Number(divRoundHalfAway(BigInt(ms), 36_000n)) * 10;
}

export type CategoryFigures = Record<CostCategory, number>;
const zeroes = (): CategoryFigures => Object.fromEntries(COST_CATEGORIES.map((c) => [c, 0])) as CategoryFigures;

export type CostTotals = { count: CategoryFigures & { total: number }; totalCents: CategoryFigures & { total: number } };

/** A cost, or a group of `count` costs of one type summed in SQL. */
export type CostAmount = { costType: CostType; amountCents: number; count?: number };

/** Count and total per category (and overall) of a set of costs. */
export function costTotals(costs: readonly CostAmount[]): CostTotals {
  const count = { ...zeroes(), total: 0 };
  const totalCents = { ...zeroes(), total: 0 };
  for (const c of costs) {
    const key = COST_CATEGORY[c.costType];
    count[key] += c.count ?? 1;
    count.total += c.count ?? 1;
    totalCents[key] += c.amountCents;
    totalCents.total += c.amountCents;
  }
  return { count, totalCents };
}

export type RevenueSource = 'INVOICES' | 'ESTIMATES' | 'NONE';

export type JobCostAnalysis = {
  actual: CostTotals;
  estimatedCents: CategoryFigures & { total: number };
  /** Estimated − actual per category: negative means the job is over its estimate there. */
  varianceCents: CategoryFigures & { total: number };
  revenueCents: number;
  revenueSource: RevenueSource;
  marginCents: number;
  marginPercentage: number;
};

/**
 * The Costs tab: actual costs against the estimated costs of the job's approved estimates, and margin on the
 * revenue — its non-void invoices' subtotal, or its approved estimates' subtotal while nothing is invoiced.
 */
export function analyseJobCosts(input: {
  actual: readonly CostAmount[];
  estimated: readonly CostAmount[];
  invoicedSubtotalCents: number | null;
  approvedEstimatesSubtotalCents: number | null;
}): JobCostAnalysis {
  const actual = costTotals(input.actual);
  const estimatedCents = costTotals(input.estimated).totalCents;
  const varianceCents = { ...zeroes(), total: 0 };
  for (const key of [...COST_CATEGORIES, 'total'] as const) varianceCents[key] = estimatedCents[key] - actual.totalCents[key];
  const revenueSource: RevenueSource = input.invoicedSubtotalCents !== null ? 'INVOICES' : input.approvedEstimatesSubtotalCents !== null ? 'ESTIMATES' : 'NONE';
  const revenueCents = input.invoicedSubtotalCents ?? input.approvedEstimatesSubtotalCents ?? 0;
  const m = marginOf(revenueCents, actual.totalCents.total);
  return { actual, estimatedCents, varianceCents, revenueCents, revenueSource, marginCents: m.totalMarginCents, marginPercentage: m.marginPercentage };
}

/** Estimate statuses whose estimated costs count as the job's budget (the customer said yes). */
export const BUDGET_ESTIMATE_STATUSES = ['APPROVED', 'PAID'] as const;
