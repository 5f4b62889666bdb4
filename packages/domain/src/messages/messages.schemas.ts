import { z } from 'zod';
import { uuidField } from '../common/common.schemas.ts';
import {
  EMAIL_KINDS,
  EMAIL_TEMPLATE_KINDS,
  MAX_RECIPIENTS,
  MESSAGE_MESSAGES,
  MESSAGE_STATES,
  TEMPLATE_MESSAGE_MAX,
  TEMPLATE_SUBJECT_MAX,
  unknownPlaceholders,
  type EmailTemplateKind,
} from './messages.rules.ts';

/** One recipient: the message names the field and the address, so a person can find the typo. */
const recipientField = (label: string) =>
  z
    .string({ error: `${label} must be a list of email addresses.` })
    .trim()
    .toLowerCase()
    .max(254, { error: `${label}: an address is longer than 254 characters.` })
    .pipe(z.email({ error: (issue) => `${label}: "${String(issue.input)}" is not a valid email address.` }));

const recipients = (label: string, min: number) =>
  z
    .array(recipientField(label), { error: `${label} must be a list of email addresses.` })
    .min(min, { error: MESSAGE_MESSAGES.noRecipients })
    .max(MAX_RECIPIENTS, { error: MESSAGE_MESSAGES.tooManyRecipients });

/** The optional email of POST /estimates/{id}/send and /invoices/{id}/send: without it, marked sent and nothing emailed. */
export const sendEmailBlock = z.strictObject({
  to: recipients('To', 1),
  cc: recipients('Cc', 0).optional(),
  subject: z
    .string({ error: 'Subject must be a string.' })
    .trim()
    .max(TEMPLATE_SUBJECT_MAX, { error: `Subject must be less than or equal to ${TEMPLATE_SUBJECT_MAX} characters.` })
    .optional(),
  message: z
    .string({ error: 'Message must be a string.' })
    .max(TEMPLATE_MESSAGE_MAX, { error: `Message must be less than or equal to ${TEMPLATE_MESSAGE_MAX} characters.` })
    .optional(),
});
export type SendEmailBlock = z.infer<typeof sendEmailBlock>;
/** No body, an empty or a null one: marked sent and nothing emailed, as before email existed. */
export const sendDocumentBody = z.preprocess((v) => (v === null ? undefined : v), z.strictObject({ email: sendEmailBlock.optional() }).optional());
export type SendDocumentBody = z.infer<typeof sendDocumentBody>;
/** A contact the Send dialog offers as a recipient: the billing contact first, then the site contact, then the others. */
export const draftRecipientSchema = z.object({ email: z.string(), name: z.string(), role: z.enum(['Billing contact', 'Site contact', 'Contact']) });
export type DraftRecipient = z.infer<typeof draftRecipientSchema>;
/**
 * What the Send dialog starts from: the customer's contacts with an address, the company's subject and message with
 * this document's values filled in, whether the company may email yet, and who the document was last emailed to
 * (a payment's receipt goes there by default).
 */
export const emailDraftSchema = z.object({
  suggestions: z.array(draftRecipientSchema),
  subject: z.string(),
  message: z.string(),
  attachmentName: z.string(),
  companyVerified: z.boolean(),
  mailConfigured: z.boolean(),
  lastEmailedTo: z.array(z.string()),
});
export type EmailDraft = z.infer<typeof emailDraftSchema>;
/** A payment's receipt: emailed to these addresses when given (the web prefills the invoice's last recipients). */
export const receiptBlock = z.strictObject({ to: recipients('Receipt to', 1) });

export const emailKindSchema = z.enum(EMAIL_KINDS);
export const templateKindParams = z.strictObject({ kind: z.enum(EMAIL_TEMPLATE_KINDS, { error: `kind must be one of: ${EMAIL_TEMPLATE_KINDS.join(', ')}.` }) });

/** A company's template: subject and message, with only the placeholders its kind knows. */
export const templateBodyFor = (kind: EmailTemplateKind) =>
  z
    .strictObject({
      subject: z
        .string({ error: 'Subject must be a string.' })
        .trim()
        .min(1, { error: 'Subject is mandatory.' })
        .max(TEMPLATE_SUBJECT_MAX, { error: `Subject must be less than or equal to ${TEMPLATE_SUBJECT_MAX} characters.` }),
      message: z
        .string({ error: 'Message must be a string.' })
        .trim()
        .min(1, { error: 'Message is mandatory.' })
        .max(TEMPLATE_MESSAGE_MAX, { error: `Message must be less than or equal to ${TEMPLATE_MESSAGE_MAX} characters.` }),
    })
    .superRefine((body, ctx) => {
      const unknown = unknownPlaceholders(kind, `${body.subject} ${body.message}`);
      if (unknown.length)
        ctx.addIssue({ code: 'custom', message: `Unknown placeholder${unknown.length > 1 ? 's' : ''}: ${unknown.map((p) => `{${p}}`).join(', ')}.` });
    });
/** Any kind's body as it arrives: the route re-checks the placeholders against the path's kind. */
export const templateBody = z.strictObject({ subject: z.string(), message: z.string() });
export type TemplateBody = z.infer<typeof templateBody>;

export const emailTemplateSchema = z.object({
  kind: z.enum(EMAIL_TEMPLATE_KINDS),
  subject: z.string(),
  message: z.string(),
  isDefault: z.boolean(),
  placeholders: z.array(z.string()),
  updatedAt: z.string().nullable(),
});
export type EmailTemplateDto = z.infer<typeof emailTemplateSchema>;

export const emailPreviewSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type EmailPreview = z.infer<typeof emailPreviewSchema>;

export const recipientSchema = z.object({
  address: z.string(),
  role: z.enum(['to', 'cc']),
  state: z.enum(['queued', 'sent', 'failed', 'not_sent']),
  error: z.string().nullable(),
});
export const messageSchema = z.object({
  id: z.string(),
  kind: emailKindSchema,
  subject: z.string(),
  state: z.enum(MESSAGE_STATES),
  error: z.string().nullable(),
  recipients: z.array(recipientSchema),
  customerId: z.string().nullable(),
  jobId: z.string().nullable(),
  estimateId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  attachment: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  createdBy: z.object({ userId: z.string(), username: z.string() }).nullable(),
});
export type MessageDto = z.infer<typeof messageSchema>;
export const messageDetailSchema = messageSchema.extend({ bodyText: z.string(), bodyHtml: z.string() });
export type MessageDetail = z.infer<typeof messageDetailSchema>;

/** GET /api/messages: what was sent about exactly one record. */
export const messageListQuery = z
  .strictObject({
    customerId: uuidField('customerId').optional(),
    jobId: uuidField('jobId').optional(),
    estimateId: uuidField('estimateId').optional(),
    invoiceId: uuidField('invoiceId').optional(),
  })
  .refine((q) => [q.customerId, q.jobId, q.estimateId, q.invoiceId].filter(Boolean).length === 1, {
    error: 'Send exactly one of customerId, jobId, estimateId or invoiceId.',
  });
export type MessageListQuery = z.infer<typeof messageListQuery>;

export const BACKGROUND_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const failedJobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  label: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  failedAt: z.string().nullable(),
  messageId: z.string().nullable(),
});
export const deliverySchema = z.object({
  mailConfigured: z.boolean(),
  from: z.string().nullable(),
  companyVerified: z.boolean(),
  queued: z.number(),
  failedJobs: z.array(failedJobSchema),
  recentMessages: z.array(messageSchema),
});
export type Delivery = z.infer<typeof deliverySchema>;
