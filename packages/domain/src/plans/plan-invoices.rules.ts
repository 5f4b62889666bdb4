/**
 * The invoices a service plan drafts for itself. Per visit: one when the visit's task closes. Per period
 * (monthly, quarterly, yearly): one for each billing period, drafted PERIOD_INVOICE_LEAD_DAYS before the period
 * starts, dated and due on its first day. Each is held by its key (one per visit, one per period), so drafting
 * again drafts nothing. The invoice bills the plan's price as one line, untaxed — the template's line items
 * describe what a visit includes, they are not billed on top of the price the customer agreed to.
 */
import { addDays, format } from 'date-fns';
import { QTY_SCALE } from '../common/money.rules.ts';
import { billingPeriods, BILLING_LABELS, type BillingKind, type PeriodBilling } from './plans.rules.ts';
import type { Recurrence } from './recurrence.rules.ts';

/** A period's invoice is drafted this many days before the period starts: time to review it before it is due. */
export const PERIOD_INVOICE_LEAD_DAYS = 14;

export type PlanInvoiceFor = { kind: 'visit'; taskId: string; date: string } | { kind: 'period'; start: string; end: string };

/** The key that holds one invoice per visit or per period of a plan. */
export const planInvoiceKey = (f: PlanInvoiceFor): string => (f.kind === 'visit' ? `visit:${f.taskId}` : `period:${f.start}`);

const day = (d: string) => format(new Date(`${d}T00:00:00`), 'MMM d, yyyy');

/** What the invoice's one line bills: the plan's price for this visit or period. */
export function planInvoiceLine(plan: { name: string; planNumber: number; priceCents: number }, f: PlanInvoiceFor) {
  return {
    name: plan.name,
    description:
      f.kind === 'visit' ? `Service plan #${plan.planNumber}: visit on ${day(f.date)}` : `Service plan #${plan.planNumber}: ${day(f.start)} – ${day(f.end)}`,
    qty: QTY_SCALE,
    rate: plan.priceCents,
    serviceId: null,
    isTaxable: false,
    taxPercent: 0,
  };
}

/** Invoice and due date: the close day for a visit; the period's first day for a period. */
export const planInvoiceDates = (f: PlanInvoiceFor): { invoiceDate: string; dueDate: string | null } =>
  f.kind === 'visit' ? { invoiceDate: f.date, dueDate: null } : { invoiceDate: f.start, dueDate: f.start };

/**
 * The billing periods to have a draft by `today`: those starting up to `today` + the lead, and no earlier than
 * the plan's start, the day it was entered (an agreement entered late is not billed for the months before) and
 * `today` − the lead (periods a pause skipped are not billed when it resumes; a worker down for a few days still
 * catches up). Nothing for per-visit billing.
 */
export function periodsToDraft(billing: BillingKind, r: Pick<Recurrence, 'startDate' | 'endDate'>, enteredOn: string, today: string): PlanInvoiceFor[] {
  if (billing === 'per_visit') return [];
  const shifted = (days: number) => format(addDays(new Date(`${today}T00:00:00`), days), 'yyyy-MM-dd');
  const from = [r.startDate, enteredOn, shifted(-PERIOD_INVOICE_LEAD_DAYS)].reduce((a, b) => (a > b ? a : b));
  const until = shifted(PERIOD_INVOICE_LEAD_DAYS);
  if (from > until) return [];
  return billingPeriods(billing as PeriodBilling, r, from, until).map((p) => ({ kind: 'period', ...p }));
}

export const PLAN_INVOICE_MESSAGES = {
  drafted: (invoiceNumber: number, planNumber: number, billing: BillingKind) =>
    `Drafted invoice #${invoiceNumber} for service plan #${planNumber} (${BILLING_LABELS[billing].toLowerCase()})`,
  notSent: (invoiceNumber: number, reason: string) => `Invoice #${invoiceNumber} was left as a draft: ${reason}`,
  noRecipient: 'the customer has no contact with an email address',
} as const;
