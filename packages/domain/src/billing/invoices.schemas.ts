/** Invoice contracts. */
import { z } from 'zod';
import { receiptBlock } from '../messages/messages.schemas.ts';
import { booleanQuery, clearableText, uuidField, versionField } from '../common/common.schemas.ts';
import {
  dateOnlyField,
  documentCommonDto,
  documentInfoFields,
  documentListQuery,
  jobInfoSchema,
  linesField,
  marginDto,
  modeField,
  moneyField,
} from './billing.schemas.ts';
import { INVOICE_ACTIONS, INVOICE_STATUSES, PAYMENT_METHODS } from './invoices.rules.ts';
import { onlinePaymentSchema, onlinePaySchema } from '../payments/payments.schemas.ts';

export const INVOICE_PAGE_SIZE = 10;

export const invoiceInfoSchema = z.strictObject({
  ...documentInfoFields,
  invoiceDate: z.union([dateOnlyField('Invoice Date'), z.null()]).optional(),
  invoiceCustomerMessage: clearableText('Customer Message', 4000),
});

export const createInvoiceBody = z.strictObject({
  mode: modeField,
  jobInfo: jobInfoSchema,
  invoiceInfo: invoiceInfoSchema,
  productServices: linesField,
});
export type CreateInvoiceBody = z.infer<typeof createInvoiceBody>;

export const updateInvoiceBody = createInvoiceBody.extend({ version: versionField });
export type UpdateInvoiceBody = z.infer<typeof updateInvoiceBody>;

const base = documentListQuery(INVOICE_STATUSES, 'invoiceNumber');
export const invoiceListQuery = base.extend({
  limit: base.shape.limit.default(INVOICE_PAGE_SIZE),
  /** What the dashboard counts as overdue: stored SENT with a due date before today in the tenant's zone; false = no filter. */
  overdue: booleanQuery('overdue'),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

export const paymentBody = z.strictObject({
  amount: moneyField('Amount', undefined, 1),
  paidOn: dateOnlyField('Payment Date'),
  method: z.enum(PAYMENT_METHODS, { error: `Payment method must be one of: ${PAYMENT_METHODS.join(', ')}.` }),
  reference: clearableText('Reference', 100),
  /** Email a receipt of this payment to these addresses. */
  receipt: receiptBlock.optional(),
});
export type PaymentBody = z.infer<typeof paymentBody>;

export const linkInvoiceBody = z.strictObject({ jobId: uuidField('Job'), invoiceId: uuidField('Invoice') });
export type LinkInvoiceBody = z.infer<typeof linkInvoiceBody>;

export const paymentSchema = z.object({
  id: z.string(),
  amount: z.number(),
  paidOn: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

const invoiceActionsSchema = z.object(
  Object.fromEntries(INVOICE_ACTIONS.map((a) => [a, z.boolean()])) as Record<(typeof INVOICE_ACTIONS)[number], z.ZodBoolean>,
);

const invoiceRef = z.object({ id: z.string(), invoiceNumber: z.number(), status: z.enum(INVOICE_STATUSES) });

export const invoiceSchema = z.object({
  ...documentCommonDto,
  ...marginDto,
  invoiceNumber: z.number(),
  status: z.enum(INVOICE_STATUSES),
  deposit: z.number(),
  invoiceDate: z.string().nullable(),
  invoiceCustomerMessage: z.string().nullable(),
  invoiceCreatedBy: z.object({ username: z.string() }).nullable(),
  isConvertedFromEstimate: z.boolean(),
  convertedEstimate: z.object({ id: z.string(), estimateNumber: z.number() }).nullable(),
  isConvertedInvoiceJob: z.boolean(),
  convertedInvoiceJobinfo: z.object({ previousInvoiceNumber: z.number() }).nullable(),
  paidAmount: z.number(),
  balance: z.number(),
  payments: z.array(paymentSchema),
  /** Money received beyond the total (a card payment that crossed a cash one): to refund or apply. */
  credit: z.number(),
  /** Card payments through the company's Stripe account, with refunds and Stripe's fee where known. */
  onlinePayments: z.array(onlinePaymentSchema),
  /** "Take card payment": offered while the invoice can be paid online. */
  onlinePay: onlinePaySchema,
  actions: invoiceActionsSchema,
  /** The invoice this draft was copied from by an edit (the original stays as it was), if any. */
  copiedFrom: invoiceRef.nullable(),
  /** Drafts copied from this invoice by an edit, oldest first. */
  copies: z.array(invoiceRef),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export type InvoiceRef = z.infer<typeof invoiceRef>;

export const invoiceListItemSchema = invoiceSchema.omit({
  copiedFrom: true,
  copies: true,
  productServices: true,
  payments: true,
  onlinePayments: true,
  onlinePay: true,
  totalMargin: true,
  marginPercentage: true,
  totalRevenue: true,
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;
