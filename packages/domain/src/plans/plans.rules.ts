/**
 * Service plans: their status machine, billing, the horizon visits are generated to, and the pure rules of the
 * edits that move visits (push back, this and following). Visits are the plan's job's tasks; each is one
 * occurrence of the rule, held by `planOccurrenceKey` so generating twice creates nothing new.
 */
import { addMonths } from 'date-fns';
import { DAY_MS, dateOfEpochDay, epochDay, offsetMs, zonedInstantMs } from './recurrence-dates.rules.ts';
import { countOccurrences, MAX_OCCURRENCES_PER_CALL, occurrences, recurrenceDays, type Recurrence } from './recurrence.rules.ts';
import { dayIn } from '../time/zoned-day.rules.ts';

export const PLAN_STATUSES = ['active', 'paused', 'ended'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const PLAN_STATUS_LABELS = { active: 'Active', paused: 'Paused', ended: 'Ended' } as const satisfies Record<PlanStatus, string>;

/** An ended plan is final: a renewed agreement is a new plan (its visits, invoices and value are its own). */
export const PLAN_STATUS_MOVES = {
  active: ['paused', 'ended'],
  paused: ['active', 'ended'],
  ended: [],
} as const satisfies Record<PlanStatus, readonly PlanStatus[]>;

export const canMovePlan = (from: PlanStatus, to: PlanStatus): boolean => (PLAN_STATUS_MOVES[from] as readonly PlanStatus[]).includes(to);

/** The status moves the plan page offers, and where each leads. */
export const PLAN_STATUS_ACTIONS = { pause: 'paused', resume: 'active', end: 'ended' } as const satisfies Record<string, PlanStatus>;
export type PlanStatusAction = keyof typeof PLAN_STATUS_ACTIONS;

export const PLAN_MESSAGES = {
  notMovable: (from: PlanStatus, action: PlanStatusAction) =>
    `A plan that is ${PLAN_STATUS_LABELS[from].toLowerCase()} cannot ${action === 'end' ? 'be ended' : action}.`,
  ended: 'This plan has ended; it can no longer be changed.',
  endConfirmation: (cancelled: number) =>
    cancelled === 0
      ? 'End this plan? It has no upcoming visits.'
      : `End this plan? ${cancelled} upcoming ${cancelled === 1 ? 'visit' : 'visits'} will be cancelled.`,
} as const;

export function planStatusAction(status: PlanStatus, action: PlanStatusAction): { allowed: true; next: PlanStatus } | { allowed: false; reason: string } {
  const next = PLAN_STATUS_ACTIONS[action];
  return canMovePlan(status, next)
    ? { allowed: true, next }
    : { allowed: false, reason: status === 'ended' ? PLAN_MESSAGES.ended : PLAN_MESSAGES.notMovable(status, action) };
}

/** Only active plans generate visits and count toward recurring revenue; a paused plan keeps its terms. */
export const generatesVisits = (status: PlanStatus): boolean => status === 'active';

export const BILLING_KINDS = ['per_visit', 'monthly', 'quarterly', 'yearly'] as const;
export type BillingKind = (typeof BILLING_KINDS)[number];
export type PeriodBilling = Exclude<BillingKind, 'per_visit'>;

export const BILLING_LABELS = {
  per_visit: 'Per visit',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
} as const satisfies Record<BillingKind, string>;

export const PERIODS_PER_YEAR = { monthly: 12, quarterly: 4, yearly: 1 } as const satisfies Record<PeriodBilling, number>;
const MONTHS_PER_PERIOD = { monthly: 1, quarterly: 3, yearly: 12 } as const satisfies Record<PeriodBilling, number>;

/** Visits are generated this far ahead, and at most this many a plan are ahead at once. */
export const PLAN_HORIZON_MONTHS = 12;
export const MAX_PLAN_VISITS_AHEAD = MAX_OCCURRENCES_PER_CALL;

/** The last instant of the horizon: the end of the local day before the same date 12 months on. */
export function horizonEnd(now: Date | string, timeZone: string): Date {
  const today = dayIn(now, timeZone);
  const end = addMonths(new Date(`${today}T00:00:00Z`), PLAN_HORIZON_MONTHS)
    .toISOString()
    .slice(0, 10);
  return new Date(zonedInstantMs(epochDay(end), 0, timeZone) - 1);
}

/** The one visit a plan has for an occurrence (its local date): the generator's unique key. */
export const planOccurrenceKey = (planId: string, occurrenceLocalDate: string): string => `${planId}:${occurrenceLocalDate}`;

export type PlanTerms = { billing: BillingKind; priceCents: number; recurrence: Recurrence };

/**
 * What a plan brings in a year, in cents: per visit, the price × the visits of the 12 months from the local day of
 * `asOf` (or from the plan's start when later); per period, the price × periods a year. It is a rate, so the plan's end date does
 * not shorten it (the renewal reminder is for that).
 */
export function yearlyValue(plan: PlanTerms, timeZone: string, asOf: Date | string): number {
  if (plan.billing !== 'per_visit') return plan.priceCents * PERIODS_PER_YEAR[plan.billing];
  const startMs = zonedInstantMs(epochDay(plan.recurrence.startDate), 0, timeZone);
  const dayStartMs = zonedInstantMs(epochDay(dayIn(asOf, timeZone)), 0, timeZone);
  const from = new Date(Math.max(dayStartMs, startMs));
  const until = new Date(
    zonedInstantMs(
      epochDay(
        addMonths(new Date(`${dayIn(from, timeZone)}T00:00:00Z`), 12)
          .toISOString()
          .slice(0, 10),
      ),
      0,
      timeZone,
    ) - 1,
  );
  return plan.priceCents * countOccurrences({ ...plan.recurrence, endDate: null }, timeZone, from, until);
}

/**
 * A per-period plan's billing periods that start in [fromDate, untilDate] (local dates, inclusive): each starts on
 * the plan's start day of the month (clamped to short months) every 1, 3 or 12 months and ends the day before the
 * next; the last period before the plan's end date ends with it.
 */
export function billingPeriods(
  kind: PeriodBilling,
  r: Pick<Recurrence, 'startDate' | 'endDate'>,
  fromDate: string,
  untilDate: string,
): { start: string; end: string }[] {
  const startDay = Number(r.startDate.slice(8, 10));
  const rule: Recurrence = {
    frequency: 'monthly',
    interval: MONTHS_PER_PERIOD[kind],
    weekdays: [],
    monthDay: { kind: 'day', day: startDay },
    months: [],
    startDate: r.startDate,
    endDate: null,
    time: '00:00',
    durationMinutes: 1,
    arrivalWindowMinutes: 0,
  };
  const last = epochDay(untilDate);
  const planEnd = r.endDate ? epochDay(r.endDate) : Infinity;
  // Every period start from `fromDate` up to the first one past the window (its day before ends the last period).
  const starts: number[] = [];
  for (const day of recurrenceDays(rule, epochDay(fromDate), last + 400)) {
    starts.push(day);
    if (day > last || starts.length > MAX_OCCURRENCES_PER_CALL) break;
  }
  const periods: { start: string; end: string }[] = [];
  for (let i = 0; i + 1 < starts.length && starts[i]! <= Math.min(last, planEnd) && periods.length < MAX_OCCURRENCES_PER_CALL; i++) {
    periods.push({ start: dateOfEpochDay(starts[i]!), end: dateOfEpochDay(Math.min(starts[i + 1]! - 1, planEnd)) });
  }
  return periods;
}

export type PlanVisitSlot = { id: string; startsAt: Date; endsAt: Date; started: boolean };
export const MAX_PUSH_BACK_DAYS = 365;

/**
 * Push everything back N days from a date (a weather delay, in one action): every visit on or after `fromDate`
 * (local) that has not started moves N local days later at the same wall-clock time, keeping its length; started,
 * clocked or closed visits stay. The visits keep their occurrence keys, so generating again does not recreate the
 * slots they left; occurrences past the horizon still follow the rule.
 */
export function pushBack(visits: readonly PlanVisitSlot[], fromDate: string, days: number, timeZone: string): { id: string; startsAt: Date; endsAt: Date }[] {
  const fromDay = epochDay(fromDate);
  const moves: { id: string; startsAt: Date; endsAt: Date }[] = [];
  for (const visit of visits) {
    const startMs = visit.startsAt.getTime();
    const localMs = startMs + offsetMs(startMs, timeZone);
    const day = Math.floor(localMs / DAY_MS);
    if (visit.started || day < fromDay) continue;
    const minute = Math.floor((localMs - day * DAY_MS) / 60_000);
    const movedMs = zonedInstantMs(day + days, minute, timeZone);
    moves.push({ id: visit.id, startsAt: new Date(movedMs), endsAt: new Date(movedMs + visit.endsAt.getTime() - startMs) });
  }
  return moves;
}

/**
 * "This and following": the rule up to the day before `fromDate` stays as it was (its past visits keep their
 * history), and the changed rule runs from `fromDate`. Un-started visits from that date on are regenerated.
 */
export function splitRecurrence(current: Recurrence, changed: Recurrence, fromDate: string): { before: Recurrence | null; after: Recurrence } {
  const from = epochDay(fromDate);
  const before = from > epochDay(current.startDate) ? { ...current, endDate: dateOfEpochDay(from - 1) } : null;
  return { before, after: { ...changed, startDate: dateOfEpochDay(Math.max(from, epochDay(changed.startDate))) } };
}

/** The plan form's live preview: the next ten visits of the rule being edited. */
export const PREVIEW_VISITS = 10;
export const previewVisits = (r: Recurrence, timeZone: string, now: Date | string) => occurrences(r, timeZone, { from: now, limit: PREVIEW_VISITS });

/**
 * The local date the renewal reminder goes out: `days` before the plan's end date (never before its start). Null
 * when the plan has no end date or no reminder.
 */
export function renewalReminderDate(r: Pick<Recurrence, 'startDate' | 'endDate'>, days: number | null): string | null {
  if (!r.endDate || !days) return null;
  return dateOfEpochDay(Math.max(epochDay(r.endDate) - days, epochDay(r.startDate)));
}

export type TemplateAssignee = { technicianId: string | null; subcontractorId: string | null };

/**
 * Who a generated visit goes to: the template's technician or subcontractor, unless that person already has work
 * in the slot. Then the visit is created unassigned at that time and needs attention: never double-booked,
 * never dropped.
 */
export function generatedVisitAssignee(template: TemplateAssignee, slotTaken: boolean): TemplateAssignee & { needsAttention: boolean } {
  const assigned = template.technicianId !== null || template.subcontractorId !== null;
  if (assigned && slotTaken) return { technicianId: null, subcontractorId: null, needsAttention: true };
  return { ...template, needsAttention: false };
}

/** The renewal reminder goes at this local hour of its day: office hours, not midnight. */
export const RENEWAL_REMINDER_HOUR = 9;

/** The renewal reminder's words: to the office (who renews it) and, when the plan says so, to the customer. */
export const PLAN_RENEWAL_EMAIL = {
  office: (p: { planNumber: number; name: string; customerName: string; endsOn: string }) => ({
    subject: `Service plan #${p.planNumber} for ${p.customerName} ends on ${p.endsOn}`,
    message: `The service plan "${p.name}" for ${p.customerName} ends on ${p.endsOn}. To renew it, create its next plan; otherwise its visits stop after that day.`,
    button: 'Open the plan',
  }),
  customer: (p: { name: string; companyName: string; endsOn: string }) => ({
    subject: `Your service plan with ${p.companyName} ends on ${p.endsOn}`,
    message: `Your "${p.name}" plan with ${p.companyName} ends on ${p.endsOn}. To keep your visits coming, reply to this email or call us to renew it.`,
  }),
} as const;
