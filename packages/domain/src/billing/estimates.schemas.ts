/** Estimate contracts. */
import { z } from 'zod';
import { checkImage } from '../jobs/images.rules.ts';
import { clearableText, uuidField, requiredText } from '../common/common.schemas.ts';
import { dateOnlyField, documentCommonDto, documentInfoFields, documentListQuery, jobInfoSchema, linesField, marginDto, modeField } from './billing.schemas.ts';
import { APPROVAL_DECISIONS, ESTIMATE_ACTIONS, ESTIMATE_STATUSES } from './estimates.rules.ts';
import { versionField } from '../common/common.schemas.ts';
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

/** Onsite approval: a PNG data URL of the signature, bounded in bytes and in pixels. */
export const MAX_SIGNATURE_BYTES = 200_000;
const NOT_PNG = 'Signature must be a PNG image (data URL).';
export const signatureField = z
  .string({ error: 'Signature must be a string.' })
  .max(Math.ceil((MAX_SIGNATURE_BYTES * 4) / 3) + 40, { error: 'The signature image is too large.' })
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, { error: NOT_PNG, abort: true })
  .superRefine((dataUrl, ctx) => {
    const problem = signatureProblem(dataUrl);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * A small file can declare a huge picture (a 190 KB PNG of 7000 × 7000 inflates to ~196 MB, and each PDF
 * that embedded it cost seconds and hundreds of MB), so the PNG header's pixel size is checked here, before
 * anything decodes it. The header is read from the first 33 bytes with atob, which the browser has too.
 */
function signatureProblem(dataUrl: string): string | null {
  const comma = dataUrl.indexOf(',');
  let head: string;
  try {
    head = atob(dataUrl.slice(comma + 1, comma + 45));
  } catch {
    return NOT_PNG; // atob throws on text that is not base64; a throwing validator would leave the request unanswered
  }
  const check = checkImage(
    'signature',
    Uint8Array.from(head, (c) => c.charCodeAt(0)),
  );
  if (!check.ok) return check.message.startsWith('The image is') ? check.message : NOT_PNG;
  return check.info.type === 'image/png' ? null : NOT_PNG;
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

const estimateActionsSchema = z.object(
  Object.fromEntries(ESTIMATE_ACTIONS.map((a) => [a, z.boolean()])) as Record<(typeof ESTIMATE_ACTIONS)[number], z.ZodBoolean>,
);

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
    .object({
      decision: z.enum(APPROVAL_DECISIONS),
      signerName: z.string(),
      signedAt: z.string(),
      signerIp: z.string().nullable(),
      comment: z.string().nullable(),
      signature: z.string().nullable(),
      /** Where the customer answered: on the technician's device, or in the customer portal. */
      via: z.enum(['onsite', 'portal']).optional(),
      /** The portal's record of the answer: the signer's browser, a typed signature, the SHA-256 of the document as answered. */
      userAgent: z.string().nullable().optional(),
      typedSignature: z.string().nullable().optional(),
      documentHash: z.string().nullable().optional(),
    })
    .nullable(),
  /** The deposit received (status Deposit Paid); optional until every client reads it. */
  depositPayment: z
    .object({ amount: z.number(), paidOn: z.string(), method: z.enum(PAYMENT_METHODS), reference: z.string().nullable() })
    .nullable()
    .optional(),
  actions: estimateActionsSchema,
});
export type Estimate = z.infer<typeof estimateSchema>;

/** List rows: the document without its lines, approval image or margins. */
export const estimateListItemSchema = estimateSchema.omit({
  productServices: true,
  approval: true,
  totalMargin: true,
  marginPercentage: true,
  totalRevenue: true,
});
export type EstimateListItem = z.infer<typeof estimateListItemSchema>;
