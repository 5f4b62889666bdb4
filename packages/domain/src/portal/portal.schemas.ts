/** Customer portal contracts: link exchange, sign-in requests, the customer's answers, and what the portal shows. */
import { z } from 'zod';
import { clearableText, emailField, phoneField, requiredText, uuidField } from '../common/common.schemas.ts';
import { signatureField } from '../billing/estimates.schemas.ts';
import { APPROVAL_DECISIONS, ESTIMATE_STATUSES } from '../billing/estimates.rules.ts';
import { INVOICE_STATUSES, PAYMENT_METHODS } from '../billing/invoices.rules.ts';
import { PORTAL_MESSAGES } from './portal.rules.ts';
import { onlinePaySchema } from '../payments/payments.schemas.ts';

/** POST /api/portal/session: the token from the link, exchanged for a customer session. */
export const portalSessionBody = z.strictObject({
  token: z.string({ error: 'token is mandatory.' }).regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'This link is not valid.' }),
});
export type PortalSessionBody = z.infer<typeof portalSessionBody>;

/** POST /api/portal/companies/{slug}/sign-in-link */
export const portalSignInBody = z.strictObject({ email: emailField });
export type PortalSignInBody = z.infer<typeof portalSignInBody>;

export const portalApproveBody = z
  .strictObject({
    signerName: requiredText('Full name', 100),
    signature: signatureField.optional(),
    typedSignature: clearableText('Typed signature', 100),
    acceptTerms: z.boolean({ error: PORTAL_MESSAGES.termsRequired }),
  })
  .refine((v) => v.acceptTerms, { error: PORTAL_MESSAGES.termsRequired, path: ['acceptTerms'] })
  .refine((v) => !!v.signature || !!v.typedSignature?.trim(), { error: PORTAL_MESSAGES.signatureRequired, path: ['signature'] });
export type PortalApproveBody = z.infer<typeof portalApproveBody>;

export const portalDeclineBody = z.strictObject({ reason: clearableText('Reason', 2000) });
export type PortalDeclineBody = z.infer<typeof portalDeclineBody>;

export const portalChangesBody = z.strictObject({
  comment: z
    .string({ error: PORTAL_MESSAGES.changesRequired })
    .trim()
    .min(1, { error: PORTAL_MESSAGES.changesRequired })
    .max(2000, { error: 'Comment must be 2000 characters or fewer.' }),
});
export type PortalChangesBody = z.infer<typeof portalChangesBody>;

const workFields = {
  description: requiredText('What do you need', 2000),
  preferredTimes: clearableText('Preferred times', 500),
};

/** Request work from the hub: one of the customer's addresses, or a new one. */
export const portalWorkRequestBody = z
  .strictObject({ ...workFields, siteId: uuidField('Address').optional(), address: clearableText('Address', 300) })
  .refine((v) => !!v.siteId || !!v.address?.trim(), { error: PORTAL_MESSAGES.siteOrAddress, path: ['address'] });
export type PortalWorkRequestBody = z.infer<typeof portalWorkRequestBody>;

/** Request work from the public portal page: who is asking, too. */
export const publicWorkRequestBody = z.strictObject({
  ...workFields,
  name: requiredText('Name', 100),
  email: emailField,
  phone: phoneField.optional(),
  address: requiredText('Address', 300),
});
export type PublicWorkRequestBody = z.infer<typeof publicWorkRequestBody>;

export const portalCompanySchema = z.object({
  slug: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  brandColor: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Visits and answers are shown in the company's zone, like every time the company gives. */
  timeZone: z.string(),
});
export type PortalCompany = z.infer<typeof portalCompanySchema>;

export const portalMeSchema = z.object({
  company: portalCompanySchema,
  customer: z.object({ name: z.string() }),
  email: z.string(),
  sites: z.array(z.object({ id: z.string(), address: z.string() })),
});
export type PortalMe = z.infer<typeof portalMeSchema>;

export const portalSessionAnswer = z.object({
  /** The document the link was for (null for a sign-in link: the hub). */
  document: z.object({ kind: z.enum(['estimate', 'invoice']), id: z.string() }).nullable(),
});
export type PortalSessionAnswer = z.infer<typeof portalSessionAnswer>;

const portalLine = z.object({ name: z.string(), description: z.string().nullable(), qty: z.number(), rate: z.number(), total: z.number() });
const totals = {
  subTotal: z.number(),
  tax: z.number(),
  freight: z.number(),
  totalAmount: z.number(),
};

export const portalEstimateSchema = z.object({
  id: z.string(),
  estimateNumber: z.number(),
  status: z.enum(ESTIMATE_STATUSES),
  statusLabel: z.string(),
  estimateDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  customerMessage: z.string().nullable(),
  address: z.string().nullable(),
  lines: z.array(portalLine),
  ...totals,
  isDepositRequired: z.boolean(),
  depositAmount: z.number(),
  terms: z.string(),
  /** Approve, decline and request changes are offered while this is true. */
  canAnswer: z.boolean(),
  /** Pay deposit: offered on an approved estimate whose deposit is due. */
  onlinePay: onlinePaySchema,
  answer: z
    .object({ decision: z.enum(APPROVAL_DECISIONS), signerName: z.string(), at: z.string(), comment: z.string().nullable(), via: z.enum(['onsite', 'portal']) })
    .nullable(),
  version: z.number(),
});
export type PortalEstimate = z.infer<typeof portalEstimateSchema>;

export const portalInvoiceSchema = z.object({
  id: z.string(),
  invoiceNumber: z.number(),
  status: z.enum(INVOICE_STATUSES),
  statusLabel: z.string(),
  invoiceDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  customerMessage: z.string().nullable(),
  address: z.string().nullable(),
  lines: z.array(portalLine),
  ...totals,
  payments: z.array(z.object({ amount: z.number(), paidOn: z.string(), method: z.enum(PAYMENT_METHODS) })),
  paidAmount: z.number(),
  balance: z.number(),
  /** Paid beyond the total; the company refunds or applies it. */
  credit: z.number(),
  onlinePay: onlinePaySchema,
});
export type PortalInvoice = z.infer<typeof portalInvoiceSchema>;

export const portalHubSchema = z.object({
  estimates: z.array(
    z.object({
      id: z.string(),
      estimateNumber: z.number(),
      status: z.enum(ESTIMATE_STATUSES),
      statusLabel: z.string(),
      totalAmount: z.number(),
      dueDate: z.string().nullable(),
    }),
  ),
  invoices: z.array(
    z.object({
      id: z.string(),
      invoiceNumber: z.number(),
      status: z.enum(INVOICE_STATUSES),
      statusLabel: z.string(),
      totalAmount: z.number(),
      balance: z.number(),
      dueDate: z.string().nullable(),
    }),
  ),
  visits: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      startAt: z.string(),
      endAt: z.string().nullable(),
      address: z.string().nullable(),
      technician: z.object({ firstName: z.string(), photoUrl: z.string().nullable() }).nullable(),
    }),
  ),
  pastJobs: z.array(z.object({ id: z.string(), jobNumber: z.number(), name: z.string(), closedOn: z.string().nullable() })),
});
export type PortalHub = z.infer<typeof portalHubSchema>;

/** The office's view of a document's personal links (the Send dialog's "Customer links"). */
export const portalLinkSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastOpenedAt: z.string().nullable(),
});
export type PortalLink = z.infer<typeof portalLinkSchema>;
