/**
 * Emails the product sends: the kinds a company may word itself, their default subject and message, the
 * placeholders each may use, and how a template is filled. The server renders with these and the settings
 * screen previews with the same functions, so the preview is exactly what goes out.
 */

/** Kinds whose subject and message a company may change (Settings → Emails). */
export const EMAIL_TEMPLATE_KINDS = ['invitation', 'estimate', 'invoice', 'receipt'] as const;
export type EmailTemplateKind = (typeof EMAIL_TEMPLATE_KINDS)[number];

/** Every kind of email, including the account emails whose words are the product's own. */
export const EMAIL_KINDS = [
  ...EMAIL_TEMPLATE_KINDS,
  'password_reset',
  'signup_verification',
  'signup_notice',
  'portal_sign_in',
  'estimate_answered',
  'work_request',
  'on_my_way',
  'task_notice',
  'plan_renewal',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const EMAIL_KIND_LABELS = {
  invitation: 'Team invitation',
  estimate: 'Estimate',
  invoice: 'Invoice',
  receipt: 'Payment receipt',
  password_reset: 'Password reset',
  signup_verification: 'Confirm your email',
  signup_notice: 'Sign-up attempt notice',
  portal_sign_in: 'Customer portal sign-in link',
  estimate_answered: 'Estimate answered by the customer',
  work_request: 'Work requested by a customer',
  on_my_way: 'On my way',
  task_notice: 'Task assigned or moved',
  plan_renewal: 'Service plan renewal reminder',
} as const satisfies Record<EmailKind, string>;

/** The placeholders each template may use; anything else in braces is refused when the template is saved. */
export const TEMPLATE_PLACEHOLDERS = {
  invitation: ['companyName', 'inviteeEmail', 'role', 'inviterName'],
  estimate: ['companyName', 'customerName', 'documentNumber', 'total', 'dueDate'],
  invoice: ['companyName', 'customerName', 'documentNumber', 'total', 'balance', 'dueDate'],
  receipt: ['companyName', 'customerName', 'documentNumber', 'amount', 'paidOn', 'balance'],
} as const satisfies Record<EmailTemplateKind, readonly string[]>;

export type EmailTemplate = { subject: string; message: string };

export const DEFAULT_EMAIL_TEMPLATES = {
  invitation: {
    subject: 'You are invited to join {companyName} on Fieldwork',
    message:
      '{inviterName} invited you to join {companyName} on Fieldwork as {role}.\n\nUse the button below to set your password. The invitation is valid for 7 days.',
  },
  estimate: {
    subject: 'Estimate #{documentNumber} from {companyName}',
    message:
      'Hi {customerName},\n\nThank you for the opportunity. Please find estimate #{documentNumber} for {total} attached.\n\nLet us know if you have any questions.',
  },
  invoice: {
    subject: 'Invoice #{documentNumber} from {companyName}',
    message: 'Hi {customerName},\n\nPlease find invoice #{documentNumber} attached. The balance due is {balance}.\n\nThank you for your business.',
  },
  receipt: {
    subject: 'Payment received — invoice #{documentNumber}',
    message:
      'Hi {customerName},\n\nWe received your payment of {amount} on {paidOn} for invoice #{documentNumber}. The remaining balance is {balance}.\n\nThank you!',
  },
} as const satisfies Record<EmailTemplateKind, EmailTemplate>;

export const TEMPLATE_SUBJECT_MAX = 200;
export const TEMPLATE_MESSAGE_MAX = 5000;
/** One email goes to at most this many addresses in To and in Cc each: more is a mailing list, not a document. */
export const MAX_RECIPIENTS = 10;

const PLACEHOLDER = /\{(\w+)\}/g;

/** Placeholders a template uses that its kind does not know. */
export function unknownPlaceholders(kind: EmailTemplateKind, text: string): string[] {
  const known: readonly string[] = TEMPLATE_PLACEHOLDERS[kind];
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !known.includes(name)))];
}

/** Fills {name} placeholders with values; a placeholder without a value is left out. Plain text in, plain text out. */
export function fillTemplate(text: string, values: Record<string, string | number | null | undefined>): string {
  return text.replace(PLACEHOLDER, (_m, name: string) => {
    const value = values[name];
    return value === null || value === undefined ? '' : String(value);
  });
}

/**
 * A header value (subject, display name) is one line: CR and LF could otherwise start a header of the
 * sender's choosing. Line breaks become spaces; other control characters go.
 */
export function headerSafe(text: string): string {
  return (
    text
      .replace(/[\r\n]+/g, ' ')
      // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
  );
}

export const MESSAGE_STATES = ['queued', 'sent', 'partly_sent', 'failed', 'not_sent'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];
export const MESSAGE_STATE_LABELS = {
  queued: 'Queued',
  sent: 'Sent',
  partly_sent: 'Partly sent',
  failed: 'Failed',
  not_sent: 'Not sent — no mail server configured',
} as const satisfies Record<MessageState, string>;

export const MESSAGE_MESSAGES = {
  unverified:
    'Confirm your company’s email address before emailing customers: open the link we sent to your admin’s address, or send it again from Settings → Company.',
  noRecipients: 'Add at least one recipient.',
  tooManyRecipients: `At most ${MAX_RECIPIENTS} recipients in To and ${MAX_RECIPIENTS} in Cc.`,
  retried: 'Queued to send again.',
  notRetryable: 'Only a failed delivery can be retried.',
  notFound: 'Message not found.',
} as const;
