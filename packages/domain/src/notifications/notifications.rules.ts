import { can, type Capability, type Viewer } from '../access/roles.rules.ts';
import { formatCents } from '../common/money.rules.ts';

/**
 * The office's notification bell: what happened outside the office (a customer answered, paid, asked for work)
 * that someone inside should look at. One entry per kind: its text, the record it opens, and the capability a
 * user needs to see it — a user who may not read the record is never told about it. Adding a kind is one entry.
 */
export const NOTIFICATION_KINDS = [
  'estimate.approved',
  'estimate.declined',
  'estimate.changesRequested',
  'deposit.paid',
  'deposit.credit',
  'deposit.refunded',
  'invoice.paid',
  'invoice.refunded',
  'lead.requested',
  'text.failed',
  'task.onMyWay',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a notification's text is made of, stored with it so the text says what was true when it happened. */
export type NotificationParams = {
  /** The estimate, invoice or lead number. */
  number?: number | undefined;
  /** Who acted (the signer, the customer's address or name), or the number a text went to. */
  by?: string | undefined;
  amountCents?: number | undefined;
};

type KindRule = {
  permission: Capability;
  /** The web page of the record. */
  link: (recordId: string) => string;
  text: (p: NotificationParams) => string;
};

const by = (p: NotificationParams) => (p.by ? ` by ${p.by}` : '');
const amount = (p: NotificationParams) => (p.amountCents !== undefined ? `: ${formatCents(p.amountCents)}` : '');
const estimateLink = (id: string) => `/workorder/estimates/${id}`;
const invoiceLink = (id: string) => `/workorder/invoices/${id}`;

export const NOTIFICATION_RULES = {
  'estimate.approved': { permission: 'estimates.read', link: estimateLink, text: (p) => `Estimate #${p.number} approved${by(p)}` },
  'estimate.declined': { permission: 'estimates.read', link: estimateLink, text: (p) => `Estimate #${p.number} declined${by(p)}` },
  'estimate.changesRequested': { permission: 'estimates.read', link: estimateLink, text: (p) => `Changes requested on estimate #${p.number}${by(p)}` },
  'deposit.paid': { permission: 'estimates.read', link: estimateLink, text: (p) => `Deposit paid online on estimate #${p.number}${amount(p)}` },
  'deposit.credit': {
    permission: 'estimates.read',
    link: estimateLink,
    text: (p) => `Card payment on estimate #${p.number} kept as credit${amount(p)}`,
  },
  'deposit.refunded': { permission: 'estimates.read', link: estimateLink, text: (p) => `Card payment refunded on estimate #${p.number}${amount(p)}` },
  'invoice.paid': { permission: 'invoices.read', link: invoiceLink, text: (p) => `Invoice #${p.number} paid online${amount(p)}` },
  'invoice.refunded': { permission: 'invoices.read', link: invoiceLink, text: (p) => `Card payment refunded on invoice #${p.number}${amount(p)}` },
  'lead.requested': { permission: 'leads.read', link: () => '/leads', text: (p) => `Work requested${by(p)} (lead #${p.number})` },
  // The texts page (with each text's state and Twilio's reason) is where a failed text is looked into.
  'task.onMyWay': {
    permission: 'tasks.read',
    link: (id) => `/workorder/scheduler/view/${id}`,
    text: (p) => `${p.by ?? 'The technician'} is on the way (task #${p.number})`,
  },
  'text.failed': { permission: 'settings.manage', link: () => '/settings/texts', text: (p) => `A text to ${p.by ?? 'a customer'} failed` },
} as const satisfies Record<NotificationKind, KindRule>;

/** Field roles get no bell: their work reaches them through My day, not the office's inbox. */
export function hasNotificationBell(viewer: Pick<Viewer, 'role' | 'access'>): boolean {
  return can(viewer, 'notifications.read') && visibleNotificationKinds(viewer).length > 0;
}

/** The kinds this viewer may be told about (empty for field roles). */
export function visibleNotificationKinds(viewer: Pick<Viewer, 'role' | 'access'>): NotificationKind[] {
  if (!can(viewer, 'notifications.read')) return [];
  return NOTIFICATION_KINDS.filter((kind) => can(viewer, NOTIFICATION_RULES[kind].permission));
}

export function notificationText(kind: NotificationKind, params: NotificationParams): string {
  return NOTIFICATION_RULES[kind].text(params);
}

export function notificationLink(kind: NotificationKind, recordId: string): string {
  return NOTIFICATION_RULES[kind].link(recordId);
}

/** The unread count as the bell shows it: more than 99 is "99+". */
export function unreadBadge(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** The bell's accessible name. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unreadBadge(unread)} unread` : 'Notifications';
}

export const NOTIFICATION_MESSAGES = {
  empty: 'No notifications yet.',
  markAll: 'Mark all as read',
  loadError: 'Notifications could not be loaded.',
} as const;
