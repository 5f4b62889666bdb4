/**
 * What estimates and invoices share: line items, the customer/job block, money fields, list queries.
 * Money in the API is dollars with at most 2 places; the schemas turn it into integer cents (and quantities
 * into thousandths, tax percents into thousandths of a percent) and refuse anything finer or out of bounds.
 * Totals a client sends are accepted for compatibility with the spec's payload and ignored: the server
 * recomputes every figure from the lines (money.ts).
 */
import { z } from 'zod';
import { clearableText, orderValueSchema, pageQuery, uuidField, requiredText, optionalText } from '../common/common.schemas.ts';
import { DATE_PRESETS } from '../time/date-presets.rules.ts';
import { MAX_AMOUNT_CENTS, MAX_LINES, MAX_QTY, MAX_RATE_CENTS, MONEY_MESSAGES, PERCENT_SCALE, QTY_SCALE, toScaledInteger } from '../common/money.rules.ts';

/** A number with at most `places` decimals, scaled to an integer within [min, max] (in scaled units). */
export const scaledField = (label: string, places: number, min: number, max: number) =>
  z.number({ error: `${label} must be a number.` }).transform((v, ctx) => {
    const scaled = toScaledInteger(v, places);
    if (scaled === null) {
      ctx.addIssue({ code: 'custom', message: MONEY_MESSAGES.tooManyDecimals(label, places) });
      return z.NEVER;
    }
    if (scaled < min || scaled > max) {
      ctx.addIssue({ code: 'custom', message: `${label} must be between ${min / 10 ** places} and ${(max / 10 ** places).toLocaleString('en-US')}.` });
      return z.NEVER;
    }
    return scaled;
  });

/** Dollars → cents. */
export const moneyField = (label: string, max = MAX_AMOUNT_CENTS, min = 0) => scaledField(label, 2, min, max);
/** Ignored client-computed figures of the spec's payload (any finite number, or null). */
const ignoredNumber = z.number().nullable().optional();

export const dateOnlyField = (label: string) => z.iso.date({ error: `${label} must be a date (YYYY-MM-DD).` });

export const lineInputSchema = z.strictObject({
  name: requiredText('Product/Service Name', 200),
  description: clearableText('Description', 2000),
  qty: scaledField('Quantity', 3, 1, MAX_QTY * QTY_SCALE),
  rate: moneyField('Rate', MAX_RATE_CENTS),
  serviceId: z.union([uuidField('Service'), z.null()]).optional(),
  isTaxable: z.boolean({ error: 'isTaxable must be true or false.' }).default(false),
  taxPercent: scaledField('Tax %', 3, 0, 100 * PERCENT_SCALE).default(0),
  total: ignoredNumber,
});
export type LineInputBody = z.infer<typeof lineInputSchema>;

export const linesField = z
  .array(lineInputSchema, { error: 'Products/Services must be an array.' })
  .max(MAX_LINES, { error: `At most ${MAX_LINES} products/services per document.` });

/** The customer and job block of the spec's draft payload. */
export const jobInfoSchema = z
  .strictObject({
    type: z.enum(['Existing', 'NonJob'], { error: 'Job type must be Existing or NonJob.' }),
    accountId: uuidField('Account Name').optional(),
    jobId: z
      .union([uuidField('Job'), z.literal(''), z.null()])
      .transform((v) => v || null)
      .optional(),
    buildingUnitId: z
      .union([uuidField('Building/Unit'), z.literal(''), z.null()])
      .transform((v) => v || null)
      .optional(),
    accountAddressId: z
      .union([uuidField('Site Address'), z.literal(''), z.null()])
      .transform((v) => v || null)
      .optional(),
    billingContactId: z
      .union([uuidField('Billing Contact'), z.literal(''), z.null()])
      .transform((v) => v || null)
      .optional(),
    siteContactId: z
      .union([uuidField('Site Contact'), z.literal(''), z.null()])
      .transform((v) => v || null)
      .optional(),
  })
  .refine((v) => v.type === 'NonJob' || !!v.jobId, { error: 'Job is mandatory for an existing job.', path: ['jobId'] })
  .refine((v) => !!v.accountId || !!v.jobId, { error: 'Account Name is mandatory.', path: ['accountId'] });
export type JobInfo = z.infer<typeof jobInfoSchema>;

/** Fields both documents' info blocks carry. */
export const documentInfoFields = {
  terms: clearableText('Payment Term', 100),
  dueDate: z.union([dateOnlyField('Due Date'), z.null()]).optional(),
  depositAmount: moneyField('Deposit Amount').default(0),
  isDepositRequired: z.boolean({ error: 'isDepositRequired must be true or false.' }).default(false),
  freight: moneyField('Freight').default(0),
  subTotal: ignoredNumber,
  tax: ignoredNumber,
  totalAmount: ignoredNumber,
  totalMargin: ignoredNumber,
  marginPercentage: ignoredNumber,
  totalRevenue: ignoredNumber,
};

export const DOCUMENT_MODES = ['Draft', 'Send'] as const;
export const modeField = z.enum(DOCUMENT_MODES, { error: 'mode must be Draft or Send.' }).default('Draft');

export const DOCUMENT_ORDER_KEYS = ['createdOn', 'createdAt', 'amount', 'deposit', 'estimateAmount', 'invoiceAmount', 'number'] as const;
export type DocumentOrderKey = (typeof DOCUMENT_ORDER_KEYS)[number];

const searchText = optionalText('searchText', 50);

/** List query of both documents (page size 10; search by number; sort; Filter By: created-on preset and status). */
export const documentListQuery = <S extends readonly [string, ...string[]]>(statuses: S, numberKey: string) =>
  z.strictObject({
    ...pageQuery,
    orderByKey: z.enum(DOCUMENT_ORDER_KEYS, { error: `orderByKey must be one of: ${DOCUMENT_ORDER_KEYS.join(', ')}.` }).default('createdOn'),
    orderByValue: orderValueSchema.default('desc'),
    searchBy: z.literal(numberKey, { error: `searchBy must be ${numberKey}.` }).default(numberKey),
    searchText,
    search: searchText,
    status: z
      .union([z.enum(statuses), z.array(z.enum(statuses)).max(statuses.length)], { error: `status must be one of: ${statuses.join(', ')}.` })
      .transform((v) => (Array.isArray(v) ? v : [v]))
      .optional(),
    createdOn: z.enum(DATE_PRESETS, { error: `createdOn must be one of: ${DATE_PRESETS.join(', ')}.` }).optional(),
    jobId: uuidField('Job').optional(),
    /** The link panel lists only documents without a job. */
    unlinked: z
      .enum(['true', 'false'], { error: 'unlinked must be true or false.' })
      .transform((v) => v === 'true')
      .optional(),
    /** This customer's documents come first (the link panel: the job's customer's, then the rest). */
    customerFirst: uuidField('customerFirst').optional(),
  });

export const refSchema = z.object({ id: z.string(), name: z.string() }).nullable();

export const lineSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  qty: z.number(),
  rate: z.number(),
  serviceId: z.string().nullable(),
  isTaxable: z.boolean(),
  taxPercent: z.number(),
  tax: z.number(),
  total: z.number(),
});
export type Line = z.infer<typeof lineSchema>;

export const documentCommonDto = {
  id: z.string(),
  statusLabel: z.string(),
  totalAmount: z.number(),
  depositAmount: z.number(),
  isDepositRequired: z.boolean(),
  subTotal: z.number(),
  taxableSubTotal: z.number(),
  tax: z.number(),
  freight: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.object({ userId: z.string(), username: z.string() }).nullable(),
  account: z.object({ id: z.string(), name: z.string() }),
  job: z.object({ id: z.string(), jobNumber: z.number() }).nullable(),
  buildingUnit: z.object({ id: z.string(), buildingUnit: z.string() }).nullable(),
  tenantAccountAddress: z.object({ id: z.string(), fullAddress: z.string() }).nullable(),
  billingContact: refSchema,
  siteContact: refSchema,
  paymentTerm: z.string().nullable(),
  dueDate: z.string().nullable(),
  productServices: z.array(lineSchema),
  version: z.number(),
};

/** Office readers only: margin figures never reach field roles. */
export const marginDto = {
  totalMargin: z.number().optional(),
  marginPercentage: z.number().optional(),
  totalRevenue: z.number().optional(),
};

export const linkResponse = z.object({ data: z.object({ id: z.string(), jobId: z.string(), jobNumber: z.number() }) });
