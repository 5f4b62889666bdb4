/**
 * Invoice lifecycle (jobs-estimates-invoices.md §4; issue 8): Draft, Sent (Open), Paid, Void; typed transition
 * and action tables. An invoice becomes PAID when its payments reach its total, never beyond.
 */
import type { BadgeStyle } from './estimates.rules.ts';

export const INVOICE_STATUSES = ['DRAFT', 'SENT', 'PAID', 'VOID'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS = { DRAFT: 'Draft', SENT: 'Open', PAID: 'Paid', VOID: 'Void' } as const satisfies Record<InvoiceStatus, string>;
export const INVOICE_BADGES = { DRAFT: 'outline', SENT: 'default', PAID: 'success', VOID: 'destructive' } as const satisfies Record<InvoiceStatus, BadgeStyle>;

export const INVOICE_TRANSITIONS = {
  DRAFT: ['SENT', 'VOID'],
  SENT: ['PAID', 'VOID'],
  PAID: [],
  VOID: [],
} as const satisfies Record<InvoiceStatus, readonly InvoiceStatus[]>;

export function canMoveInvoice(from: InvoiceStatus, to: InvoiceStatus): boolean {
  return (INVOICE_TRANSITIONS[from] as readonly InvoiceStatus[]).includes(to);
}

export const INVOICE_ACTIONS = ['download', 'view', 'edit', 'delete', 'send', 'recordPayment', 'void'] as const;
export type InvoiceAction = (typeof INVOICE_ACTIONS)[number];
export type InvoiceActions = Record<InvoiceAction, boolean>;

export const INVOICE_ACTION_TABLE = {
  DRAFT: ['download', 'view', 'edit', 'delete', 'send', 'void'],
  SENT: ['download', 'view', 'edit', 'recordPayment', 'void'],
  PAID: ['download', 'view'],
  VOID: ['download', 'view'],
} as const satisfies Record<InvoiceStatus, readonly InvoiceAction[]>;

/** An invoice with payments is not voided (refund first); read-only viewers get download and view. */
export function invoiceActions(invoice: { status: InvoiceStatus; paidCents: number }, write: boolean): InvoiceActions {
  const listed = new Set<InvoiceAction>(INVOICE_ACTION_TABLE[invoice.status]);
  if (invoice.paidCents > 0) listed.delete('void');
  const readOnly: readonly InvoiceAction[] = ['download', 'view'];
  return Object.fromEntries(INVOICE_ACTIONS.map((a) => [a, listed.has(a) && (write || readOnly.includes(a))])) as InvoiceActions;
}

/** Editing a Sent invoice copies it into a new draft; a Draft is edited in place. */
export function invoiceEditCreatesDraftCopy(status: InvoiceStatus): boolean {
  return status === 'SENT';
}

export const PAYMENT_METHODS = ['CASH', 'CHECK', 'CARD', 'BANK_TRANSFER', 'OTHER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS = { CASH: 'Cash', CHECK: 'Check', CARD: 'Card', BANK_TRANSFER: 'Bank transfer', OTHER: 'Other' } as const satisfies Record<PaymentMethod, string>;

export const BILLING_MESSAGES = {
  totalBelowPaid: (paid: string) => `The total cannot be less than the amount already paid (${paid}).`,
} as const;

export const INVOICE_MESSAGES = {
  editCopy: 'Now, You can edit your Invoice.',
  deleted: (n: number) => `Invoice ${n} deleted successfully`,
  notFound: 'Invoice not found.',
  notEditable: (label: string) => `An invoice in status ${label} cannot be edited.`,
  notAllowed: (action: string, label: string) => `Cannot ${action} an invoice in status ${label}.`,
  overBalance: (balance: string) => `The payment is more than the open balance (${balance}).`,
  paymentNotOpen: 'Payments can be recorded only on an open (sent) invoice.',
  paymentRecorded: 'Payment recorded successfully',
} as const;
