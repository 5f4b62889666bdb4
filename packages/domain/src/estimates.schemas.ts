/** Estimate contracts (jobs-estimates-invoices.md: Estimate entity, draft payload, list; issue 8). */
import { z } from 'zod';
import { clearableText, uuidField, requiredText } from './common.schemas.ts';
import { dateOnlyField, documentCommonDto, documentInfoFields, documentListQuery, jobInfoSchema, linesField, marginDto, modeField } from './billing.schemas.ts';
import { APPROVAL_DECISIONS, ESTIMATE_ACTIONS, ESTIMATE_STATUSES } from './estimates.rules.ts';
import { versionField } from './common.schemas.ts';
import { paymentBody } from './invoices.schemas.ts';
import { PAYMENT_METHODS } from './invoices.rules.ts';

export const ESTIMATE_PAGE_SIZE = 10;

export const estimateInfoSchema = z.strictObject({
  ...documentInfoFields,
  estimateDate: z.union([dateOnlyField('Estimate Date'), z.null()]).optional(),
  estimateCustomerMessage: clearableText('Customer Message', 4000),
});

/** POST /estimates (mode Draft saves a draft, Send saves and sends). */
export const createEstimateBody = z.strictObject({
  mode: modeField,
  jobInfo: jobInfoSchema,
  estimateInfo: estimateInfoSchema,
  productServices: linesField,
});
export type CreateEstimateBody = z.infer<typeof createEstimateBody>;

/** PUT /estimates/{id}: a draft only, at the version loaded. */
export const updateEstimateBody = createEstimateBody.extend({ version: versionField });
export type UpdateEstimateBody = z.infer<typeof updateEstimateBody>;

const listBase = documentListQuery(ESTIMATE_STATUSES, 'estimateNumber');
export const estimateListQuery = listBase.extend({ limit: listBase.shape.limit.default(ESTIMATE_PAGE_SIZE) });
export type EstimateListQuery = z.infer<typeof estimateListQuery>;

/** Onsite approval: a PNG data URL of the signature, bounded in size. */
export const MAX_SIGNATURE_BYTES = 200_000;
export const signatureField = z
  .string({ error: 'Signature must be a string.' })
  .max(Math.ceil((MAX_SIGNATURE_BYTES * 4) / 3) + 40, { error: 'The signature image is too large.' })
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, { error: 'Signature must be a PNG image (data URL).' })
  .refine(startsWithPngMagic, { error: 'Signature must be a PNG image (data URL).' });

/** The first 8 decoded bytes are PNG's signature (atob: the domain runs in browsers too). */
function startsWithPngMagic(dataUrl: string): boolean {
  const head = dataUrl.slice(dataUrl.indexOf(',') + 1, dataUrl.indexOf(',') + 13);
  if (head.length < 12) return false;
  // zod runs this even when the regex failed: atob throws on non-base64 text, and a throwing validator leaves
  // the request unanswered (Fastify cannot tag the DOMException as a validation error), so it is a plain "no".
  let bytes: string;
  try {
    bytes = atob(head);
  } catch {
    return false;
  }
  return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes.charCodeAt(i) === b);
}

export const approvalBody = z
  .strictObject({
    decision: z.enum(APPROVAL_DECISIONS, { error: `decision must be one of: ${APPROVAL_DECISIONS.join(', ')}.` }),
    signerName: requiredText('Name', 100),
    signature: signatureField,
    comment: clearableText('Comment', 2000),
  })
  .refine((v) => v.decision !== 'CHANGE_REQUEST' || !!v.comment, { error: 'Please describe the change you need.', path: ['comment'] });
export type ApprovalBody = z.infer<typeof approvalBody>;

/** POST /estimates/{id}/deposit: the estimate's deposit amount came in (date, method, reference). */
export const depositBody = paymentBody.omit({ amount: true });
export type DepositBody = z.infer<typeof depositBody>;

export const linkEstimateBody = z.strictObject({ jobId: uuidField('Job'), estimateId: uuidField('Estimate') });
export type LinkEstimateBody = z.infer<typeof linkEstimateBody>;

const estimateActionsSchema = z.object(Object.fromEntries(ESTIMATE_ACTIONS.map((a) => [a, z.boolean()])) as Record<(typeof ESTIMATE_ACTIONS)[number], z.ZodBoolean>);

export const estimateSchema = z.object({
  ...documentCommonDto,
  ...marginDto,
  estimateNumber: z.number(),
  status: z.enum(ESTIMATE_STATUSES),
  estimateDate: z.string().nullable(),
  estimateCustomerMessage: z.string().nullable(),
  isConverted: z.boolean(),
  convertedInvoice: z.object({ id: z.string(), invoiceNumber: z.number() }).nullable(),
  isConvertedJobEstimate: z.boolean(),
  convertedJobEstimateInfo: z.object({ previousEstimateNumber: z.number() }).nullable(),
  approval: z
    .object({ decision: z.enum(APPROVAL_DECISIONS), signerName: z.string(), signedAt: z.string(), signerIp: z.string().nullable(), comment: z.string().nullable(), signature: z.string().nullable() })
    .nullable(),
  /** The deposit received (status Deposit Paid); optional until every client reads it. */
  depositPayment: z.object({ amount: z.number(), paidOn: z.string(), method: z.enum(PAYMENT_METHODS), reference: z.string().nullable() }).nullable().optional(),
  actions: estimateActionsSchema,
});
export type Estimate = z.infer<typeof estimateSchema>;

/** List rows: the document without its lines, approval image or margins. */
export const estimateListItemSchema = estimateSchema.omit({ productServices: true, approval: true, totalMargin: true, marginPercentage: true, totalRevenue: true });
export type EstimateListItem = z.infer<typeof estimateListItemSchema>;
