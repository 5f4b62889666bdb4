/**
 * Cost contracts. Money in the API is dollars with at most
 * 2 places, quantities (hours, days, miles, units) at most 3; the schemas turn them into cents and thousandths.
 * A client's `total` is accepted for compatibility and ignored: the server computes every amount.
 */
import { z } from 'zod';
import { dateOnlyField, moneyField, scaledField } from '../billing/billing.schemas.ts';
import { clearableText, namedRef, pageQuery, requiredText, uuidField, versionField } from '../common/common.schemas.ts';
import { COST_CATEGORIES, COST_FOR, COST_MESSAGES, COST_TYPES, EQUIPMENT_UNITS, MAX_COST_HOURS, MAX_COST_MILES, type CostCategory } from './costs.rules.ts';
import { MAX_QTY, MAX_RATE_CENTS, QTY_SCALE } from '../common/money.rules.ts';

const costTypeField = z.enum(COST_TYPES, { error: `Cost Type must be one of: ${COST_TYPES.join(', ')}.` });
const costForField = z.enum(COST_FOR, { error: `costFor must be one of: ${COST_FOR.join(', ')}.` });
/** An optional link a form may send empty: '' and null both mean none. */
const optionalId = (label: string) =>
  z
    .union([uuidField(label), z.literal(''), z.null()])
    .transform((v) => v || null)
    .optional();
const hoursField = (label: string, min: number) => scaledField(label, 3, min, MAX_COST_HOURS * QTY_SCALE);
const rateField = (label: string) => moneyField(label, MAX_RATE_CENTS);

const common = {
  costFor: costForField.default('JOB'),
  jobId: optionalId('Job'),
  taskId: optionalId('Task'),
  estimateId: optionalId('Estimate'),
  invoiceId: optionalId('Invoice'),
  /** The day the cost was incurred; today in the company's zone when absent. */
  date: z.union([dateOnlyField('Date'), z.null()]).optional(),
  notes: clearableText('Notes', 1000),
  total: z.number().nullable().optional(),
};

const variants = {
  LABOR: {
    userId: uuidField('Person'),
    hours: hoursField('Hours', 1),
    /** Dollars per hour; the person's cost rate (Settings) when absent. */
    hourlyRate: rateField('Hourly Cost Rate').optional(),
    activityId: optionalId('Activity'),
  },
  MATERIAL: {
    item: requiredText('Item', 200),
    quantity: scaledField('Quantity', 3, 1, MAX_QTY * QTY_SCALE),
    unitCost: rateField('Unit Cost'),
    supplier: clearableText('Supplier', 200),
  },
  VEHICLE: {
    vehicleId: uuidField('Vehicle'),
    hours: hoursField('Hours', 0).default(0),
    miles: scaledField('Miles', 3, 0, MAX_COST_MILES * QTY_SCALE).default(0),
    /** The vehicle's rates when absent. */
    hourlyRate: rateField('Cost per hour').optional(),
    mileRate: rateField('Cost per mile').optional(),
    activityId: optionalId('Activity'),
  },
  EQUIPMENT: {
    item: requiredText('Item', 200),
    unit: z.enum(EQUIPMENT_UNITS, { error: 'Unit must be HOUR or DAY.' }).default('HOUR'),
    quantity: hoursField('Quantity', 1),
    rate: rateField('Rate'),
  },
  SUBCONTRACTOR: {
    subcontractorId: uuidField('Subcontractor'),
    amount: moneyField('Amount'),
    bidId: optionalId('Bid'),
  },
  OTHER: {
    description: requiredText('Description', 500),
    amount: moneyField('Amount'),
  },
} as const satisfies Record<(typeof COST_TYPES)[number], z.ZodRawShape>;

type LinkFacts = {
  costType: string;
  costFor: string;
  jobId?: string | null;
  taskId?: string | null;
  estimateId?: string | null;
  invoiceId?: string | null;
  activityId?: string | null;
  hours?: number;
  miles?: number;
};

function costBody<E extends z.ZodRawShape>(extra: E) {
  const of = <T extends keyof typeof variants>(type: T) => z.strictObject({ costType: z.literal(type), ...common, ...variants[type], ...extra });
  return z
    .discriminatedUnion('costType', [of('LABOR'), of('MATERIAL'), of('VEHICLE'), of('EQUIPMENT'), of('SUBCONTRACTOR'), of('OTHER')], {
      error: `Cost Type must be one of: ${COST_TYPES.join(', ')}.`,
    })
    .superRefine((parsed, ctx) => {
      // Read through the facts every variant may carry; the generic `extra` hides them from the checker.
      const v = parsed as unknown as LinkFacts;
      if (v.costFor === 'JOB' && !v.jobId) ctx.addIssue({ code: 'custom', message: COST_MESSAGES.jobRequired, path: ['jobId'] });
      if (v.costFor === 'ESTIMATE') {
        if (!v.estimateId) ctx.addIssue({ code: 'custom', message: COST_MESSAGES.estimateRequired, path: ['estimateId'] });
        if (v.taskId || v.invoiceId || v.activityId) ctx.addIssue({ code: 'custom', message: COST_MESSAGES.estimateLinks, path: ['costFor'] });
      }
      if (v.costType === 'VEHICLE' && v.hours === 0 && v.miles === 0) ctx.addIssue({ code: 'custom', message: COST_MESSAGES.hoursOrMiles, path: ['hours'] });
    });
}

export const createCostBody = costBody({});
export type CreateCostBody = z.infer<typeof createCostBody>;
export const updateCostBody = costBody({ version: versionField });
export type UpdateCostBody = z.infer<typeof updateCostBody>;

/**
 * Spec: "Estimate list cost calls: jobId dropped when estimateId present; empty values dropped." Empty query
 * values ('', or a repeated key with nothing in it) are removed before validation, then an estimateId wins
 * over a jobId.
 */
function dropEmpty(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).filter(
      ([, v]) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '') && !(Array.isArray(v) && v.length === 0),
    ),
  );
}
function estimateWins<T extends { jobId?: string | undefined; estimateId?: string | undefined }>(q: T): T {
  if (!q.estimateId) return q;
  const { jobId: _dropped, ...rest } = q;
  return rest as T;
}

const filters = {
  costType: costTypeField.optional(),
  costFor: costForField.optional(),
  jobId: uuidField('jobId').optional(),
  taskId: uuidField('taskId').optional(),
  estimateId: uuidField('estimateId').optional(),
  invoiceId: uuidField('invoiceId').optional(),
};

/** GET /cost/list: a page of costs by type, link and date range (dates inclusive, YYYY-MM-DD). */
export const costListQuery = z.preprocess(
  dropEmpty,
  z.strictObject({ ...pageQuery, ...filters, from: dateOnlyField('from').optional(), to: dateOnlyField('to').optional() }).transform(estimateWins),
);
export type CostListQuery = z.infer<typeof costListQuery>;

/** GET /cost: every cost of a job (or an estimate) with its totals, as JSON or as a CSV file (format=csv). */
export const costExportQuery = z.preprocess(
  dropEmpty,
  z
    .strictObject({
      ...filters,
      from: dateOnlyField('from').optional(),
      to: dateOnlyField('to').optional(),
      format: z.enum(['json', 'csv'], { error: 'format must be json or csv.' }).default('json'),
    })
    .refine((q) => !!q.jobId || !!q.estimateId, { error: COST_MESSAGES.jobFilterRequired, path: ['jobId'] })
    .transform(estimateWins),
);
export type CostExportQuery = z.infer<typeof costExportQuery>;

export const costGetQuery = z.strictObject({ id: uuidField('Id') });
export const costDeleteQuery = z.preprocess(dropEmpty, z.strictObject({ costType: costTypeField.optional() }));
export const costSuggestionsQuery = z.strictObject({ taskId: uuidField('taskId') });

/** One cost as the API answers it: the fields its type uses are filled, the others null. */
export const costSchema = z.object({
  id: z.string(),
  costType: z.enum(COST_TYPES),
  costFor: z.enum(COST_FOR),
  jobId: z.string().nullable(),
  taskId: z.string().nullable(),
  estimateId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  activityId: z.string().nullable(),
  date: z.string(),
  notes: z.string().nullable(),
  user: namedRef.nullable(),
  vehicle: namedRef.nullable(),
  subcontractor: namedRef.nullable(),
  bidId: z.string().nullable(),
  item: z.string().nullable(),
  supplier: z.string().nullable(),
  description: z.string().nullable(),
  unit: z.enum(EQUIPMENT_UNITS).nullable(),
  hours: z.number().nullable(),
  hourlyRate: z.number().nullable(),
  miles: z.number().nullable(),
  mileRate: z.number().nullable(),
  quantity: z.number().nullable(),
  unitCost: z.number().nullable(),
  rate: z.number().nullable(),
  /** Dollars, computed by the server. */
  amount: z.number(),
  createdBy: z.object({ userId: z.string(), username: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type Cost = z.infer<typeof costSchema>;

const categoryFigures = z.object({
  ...(Object.fromEntries(COST_CATEGORIES.map((c) => [c, z.number()])) as Record<CostCategory, z.ZodNumber>),
  total: z.number(),
});

/** Count and total per category. */
export const costSummarySchema = z.object({ count: categoryFigures, totalCost: categoryFigures });
export type CostSummary = z.infer<typeof costSummarySchema>;

export const costExportSchema = costSummarySchema.extend({ items: z.array(costSchema) });

/** GET /cost/analysis/{jobId}: the Costs tab. */
export const costAnalysisSchema = costSummarySchema.extend({
  jobId: z.string(),
  estimated: categoryFigures,
  variance: categoryFigures,
  revenue: z.number(),
  revenueSource: z.enum(['INVOICES', 'ESTIMATES', 'NONE']),
  margin: z.number(),
  marginPercentage: z.number(),
});
export type CostAnalysis = z.infer<typeof costAnalysisSchema>;

/** A prefilled line from a finished work period, not yet confirmed as a cost. */
const suggestionBase = {
  activityId: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  hours: z.number(),
  hourlyRate: z.number(),
  amount: z.number(),
};
export const costSuggestionsSchema = z.object({
  taskId: z.string(),
  jobId: z.string(),
  labor: z.array(z.object({ ...suggestionBase, costType: z.literal('LABOR'), user: namedRef, role: z.enum(['ASSIGNEE', 'ASSISTANT']) })),
  vehicle: z.array(z.object({ ...suggestionBase, costType: z.literal('VEHICLE'), vehicle: namedRef, miles: z.number(), mileRate: z.number() })),
});
export type CostSuggestions = z.infer<typeof costSuggestionsSchema>;
