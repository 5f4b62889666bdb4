/**
 * The customer portal's rules: how long a personal link lives, what a customer may answer on an estimate and
 * which status each answer stores, and which documents a customer sees at all.
 */
import { type ApprovalDecision, type EstimateStatus } from '../billing/estimates.rules.ts';
import type { InvoiceStatus } from '../billing/invoices.rules.ts';
import { dayIn } from '../time/zoned-day.rules.ts';

export type PortalDocumentKind = 'estimate' | 'invoice';

/** Days a personal link stays valid when the company has not chosen otherwise (an estimate's due date comes first). */
export const PORTAL_LINK_DEFAULT_DAYS = { estimate: 30, invoice: 90 } as const satisfies Record<PortalDocumentKind, number>;
export const PORTAL_LINK_MAX_DAYS = 365;
/** A sign-in link asked for on the portal page is short-lived: it is proof of a mailbox, not a document's link. */
export const PORTAL_SIGN_IN_LINK_MINUTES = 60;
/** How long a customer stays signed in after opening a link. */
export const PORTAL_SESSION_HOURS = 24;
/** Bytes of randomness in a link's token: 256 bits, well over the 128 a guess must beat. */
export const PORTAL_TOKEN_BYTES = 32;

const DAY_MS = 86_400_000;

/**
 * When a document's personal link stops working. An estimate's link lives to the end of its due date in the
 * company's zone when it has one (a customer cannot accept a quote past its validity), else the company's days;
 * an invoice's for the company's days. Never less than a day, so a link sent on the due date still opens.
 */
export function portalLinkExpiry(
  kind: PortalDocumentKind,
  doc: { dueDate: string | null },
  days: { estimate: number; invoice: number },
  now: Date,
  timeZone: string,
): string {
  const byDays = now.getTime() + days[kind] * DAY_MS;
  if (kind === 'estimate' && doc.dueDate) {
    const today = dayIn(now, timeZone);
    const daysLeft = Math.round((Date.parse(`${doc.dueDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS) + 1;
    return new Date(now.getTime() + Math.max(1, daysLeft) * DAY_MS).toISOString();
  }
  return new Date(byDays).toISOString();
}

/** A link works while unrevoked and unexpired. */
export function portalLinkLive(link: { expiresAt: string; revokedAt: string | null }, now: number): boolean {
  return !link.revokedAt && now < Date.parse(link.expiresAt);
}

/** The customer's three answers to an estimate and the status each stores (the onsite approval's decisions). */
export const PORTAL_ANSWERS = ['approve', 'decline', 'requestChanges'] as const;
export type PortalAnswer = (typeof PORTAL_ANSWERS)[number];
export const PORTAL_ANSWER_STORES = {
  approve: 'APPROVED',
  decline: 'DECLINED',
  requestChanges: 'CHANGE_REQUEST',
} as const satisfies Record<PortalAnswer, ApprovalDecision>;
export const PORTAL_ANSWER_VERBS = { approve: 'approved', decline: 'declined', requestChanges: 'asked for changes to' } as const satisfies Record<
  PortalAnswer,
  string
>;
/** What a customer sees of each status: a draft is the office's own business; everything sent is theirs to read. */
export const PORTAL_VISIBLE_ESTIMATE = {
  DRAFT: false,
  SENT: true,
  APPROVED: true,
  DECLINED: true,
  CHANGE_REQUEST: true,
  EXPIRED: true,
  PAID: true,
  VOID: true,
} as const satisfies Record<EstimateStatus, boolean>;
export const PORTAL_VISIBLE_INVOICE = { DRAFT: false, SENT: true, PAID: true, VOID: true } as const satisfies Record<InvoiceStatus, boolean>;

export const portalVisibleEstimateStatuses = () => (Object.keys(PORTAL_VISIBLE_ESTIMATE) as EstimateStatus[]).filter((s) => PORTAL_VISIBLE_ESTIMATE[s]);
export const portalVisibleInvoiceStatuses = () => (Object.keys(PORTAL_VISIBLE_INVOICE) as InvoiceStatus[]).filter((s) => PORTAL_VISIBLE_INVOICE[s]);

/** A company's portal address: its name made URL-safe, and part of its id so two "Acme Plumbing"s differ. */
export function portalSlug(name: string, tenantId: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const suffix = tenantId.replace(/-/g, '').slice(0, 8);
  return base ? `${base}-${suffix}` : suffix;
}

export const PORTAL_MESSAGES = {
  signInSent: 'If that address is on file with us, a sign-in link is on its way. It works for 60 minutes.',
  signedOut: 'Your session has ended. Open the link in your email again, or ask for a new one.',
  termsRequired: 'Please accept the terms to approve.',
  signatureRequired: 'Please sign: draw your signature or type it.',
  changesRequired: 'Please describe the change you need.',
  cannotAnswer: (statusLabel: string) => `This estimate is ${statusLabel} and can no longer be answered here. Please contact us.`,
  alreadyAnswered: 'This estimate was already answered — the page now shows where it stands.',
  workRequested: 'Thank you — your request is in. We will be in touch shortly.',
  siteOrAddress: 'Choose one of your addresses or type the address of the work.',
} as const;

export const PORTAL_TERMS =
  'By approving, I accept this estimate, its prices and its terms, and authorise the work described. My typed name and signature are my electronic signature.';
