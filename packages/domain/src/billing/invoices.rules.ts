/**
 * Invoice lifecycle: Draft, Sent (Open), Paid, Void; the typed transition and action tables the server enforces
 * (invoiceMove). An invoice becomes PAID when its payments reach its total, never beyond.
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

/** The status each status-changing action stores (a payment stores PAID when it reaches the total). */
export const INVOICE_ACTION_STORES = { send: 'SENT', void: 'VOID', recordPayment: 'PAID' } as const satisfies Partial<Record<InvoiceAction, InvoiceStatus>>;

/**
 * The one check of an invoice action, read from both tables: the status lists the action, and the transition
 * table allows the status it stores, if it stores one. `from` is every status that passes as well: the server's
 * conditional write accepts only those, so a change racing in between leaves it no row to change.
 */
export function invoiceMove(action: InvoiceAction, status: InvoiceStatus, to?: InvoiceStatus): { allowed: boolean; from: InvoiceStatus[] } {
  const passes = (s: InvoiceStatus) =>
    (INVOICE_ACTION_TABLE[s] as readonly InvoiceAction[]).includes(action) && (to === undefined || to === s || canMoveInvoice(s, to));
  return { allowed: passes(status), from: INVOICE_STATUSES.filter(passes) };
}

/** An invoice with payments is not voided (refund first); read-only viewers get download and view. */
export function invoiceActions(invoice: { status: InvoiceStatus; paidCents: number }, write: boolean): InvoiceActions {
  const stores = INVOICE_ACTION_STORES as Partial<Record<InvoiceAction, InvoiceStatus>>;
  const listed = new Set<InvoiceAction>(INVOICE_ACTIONS.filter((a) => invoiceMove(a, invoice.status, stores[a]).allowed));
  if (invoice.paidCents > 0) listed.delete('void');
  const readOnly: readonly InvoiceAction[] = ['download', 'view'];
  return Object.fromEntries(INVOICE_ACTIONS.map((a) => [a, listed.has(a) && (write || readOnly.includes(a))])) as InvoiceActions;
}

/** Editing an invoice the table lets you edit copies it into a new draft, unless it is the draft itself. */
export function invoiceEditCreatesDraftCopy(status: InvoiceStatus): boolean {
  return status !== 'DRAFT' && invoiceMove('edit', status).allowed;
}

export const PAYMENT_METHODS = ['CASH', 'CHECK', 'CARD', 'BANK_TRANSFER', 'OTHER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS = { CASH: 'Cash', CHECK: 'Check', CARD: 'Card', BANK_TRANSFER: 'Bank transfer', OTHER: 'Other' } as const satisfies Record<
  PaymentMethod,
  string
>;

export const BILLING_MESSAGES = {
  totalBelowPaid: (paid: string) => `The total cannot be less than the amount already paid (${paid}).`,
} as const;

export const INVOICE_MESSAGES = {
  editCopy: 'Now, You can edit your Invoice.',
  /** Said before an edit copies an invoice past draft, so nobody is surprised by a second invoice for the job. */
  editCopyTitle: 'Edit as a new draft?',
  editCopyConfirm: (n: number, status: InvoiceStatus) =>
    `Invoice #${n} is ${INVOICE_STATUS_LABELS[status].toLowerCase()} and stays as it is. Editing creates a new draft invoice copied from it.`,
  editCopyAction: 'Create draft copy',
  copiedFrom: 'Copied from Invoice',
  copies: 'Draft copies',
  deleted: (n: number) => `Invoice ${n} deleted successfully`,
  notFound: 'Invoice not found.',
  notEditable: (label: string) => `An invoice in status ${label} cannot be edited.`,
  notAllowed: (action: string, label: string) => `Cannot ${action} an invoice in status ${label}.`,
  overBalance: (balance: string) => `The payment is more than the open balance (${balance}).`,
  paymentNotOpen: 'Payments can be recorded only on an open (sent) invoice.',
  paymentRecorded: 'Payment recorded successfully',
} as const;
