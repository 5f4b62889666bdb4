import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { dayIn } from '../time/zoned-day.rules.ts';

/**
 * "On my way": the assignee tells the site contact they are coming, with an arrival window in the company's
 * zone. A window rather than a minute: traffic makes a promise of 10:30 sharp a broken one, and a window of
 * twenty minutes around the estimate is what a customer can plan a door around.
 */
export const ARRIVAL_MINUTES = [15, 30, 45, 60] as const;
/** Half the window around the estimated arrival. */
export const ARRIVAL_SLACK_MINUTES = 10;
/** A chosen arrival time must be this close: later than that is a visit to reschedule, not a trip under way. */
export const MAX_ARRIVAL_HOURS = 12;

export const ON_MY_WAY_MESSAGES = {
  chooseOne: 'Choose an arrival estimate: 15, 30, 45 or 60 minutes, or a time.',
  arrivalPast: 'The arrival time must be later than now.',
  arrivalTooLate: `The arrival time must be within ${MAX_ARRIVAL_HOURS} hours.`,
  noContact: 'The site has no contact with a mobile number or an email address to tell.',
  notNow: 'On my way is for an open task scheduled today that is not clocked in.',
} as const;

export const onMyWayBody = z
  .strictObject({
    minutes: z
      .union(ARRIVAL_MINUTES.map((m) => z.literal(m)) as [z.ZodLiteral<15>, z.ZodLiteral<30>, z.ZodLiteral<45>, z.ZodLiteral<60>], {
        error: ON_MY_WAY_MESSAGES.chooseOne,
      })
      .optional(),
    arriveAt: z.iso.datetime({ offset: true, error: 'Arrival time must be a date and time.' }).optional(),
  })
  .refine((b) => (b.minutes === undefined) !== (b.arriveAt === undefined), { error: ON_MY_WAY_MESSAGES.chooseOne });
export type OnMyWayBody = z.infer<typeof onMyWayBody>;

export const onMyWayAnswer = z.object({
  channel: z.enum(['text', 'email']),
  contactName: z.string(),
  /** The arrival window, ISO instants. */
  from: z.string(),
  to: z.string(),
  /** How the window reads in the company's zone, as the customer got it. */
  window: z.string(),
});
export type OnMyWayAnswer = z.infer<typeof onMyWayAnswer>;

const FIVE_MINUTES = 5 * 60_000;
const roundTo5 = (ms: number) => Math.round(ms / FIVE_MINUTES) * FIVE_MINUTES;

/** The arrival window, or why the chosen time is refused. */
export function arrivalWindow(now: Date, body: OnMyWayBody): { ok: true; from: Date; to: Date } | { ok: false; message: string } {
  const eta = body.arriveAt ? new Date(body.arriveAt).getTime() : now.getTime() + (body.minutes ?? 30) * 60_000;
  if (eta <= now.getTime()) return { ok: false, message: ON_MY_WAY_MESSAGES.arrivalPast };
  if (eta - now.getTime() > MAX_ARRIVAL_HOURS * 3_600_000) return { ok: false, message: ON_MY_WAY_MESSAGES.arrivalTooLate };
  const slack = ARRIVAL_SLACK_MINUTES * 60_000;
  const from = Math.max(roundTo5(now.getTime()), roundTo5(eta - slack));
  return { ok: true, from: new Date(from), to: new Date(Math.max(from + FIVE_MINUTES, roundTo5(eta + slack))) };
}

/** "10:20–10:40 AM" (or "11:50 AM–12:10 PM") in the company's zone. */
export function windowText(from: Date, to: Date, timeZone: string): string {
  const fmt = (d: Date, withPeriod: boolean) =>
    new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone }).format(d).replace(withPeriod ? /$^/ : /\s?[AP]M$/, '');
  const samePeriod = fmt(from, true).slice(-2) === fmt(to, true).slice(-2);
  return `${samePeriod ? fmt(from, false) : fmt(from, true)}–${fmt(to, true)}`;
}

/**
 * What the site contact reads: who is coming, from which company, when, and the visit link where they can follow
 * it (kept to one short text: the link goes last so a phone makes it tappable whole).
 */
export function onMyWayMessage(p: { firstName: string; companyName: string; window: string; visitUrl?: string }): string {
  const text = `${p.companyName}: ${p.firstName} is on the way and should arrive between ${p.window.replace('–', ' and ')}.`;
  return p.visitUrl ? `${text} Follow the visit: ${p.visitUrl}` : text;
}

/** A clock time ("14:30") today in the company's zone, as the instant the API takes. */
export function arrivalAtToday(time: string, now: Date, timeZone: string): string | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const [y, m, d] = dayIn(now, timeZone).split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, Number(match[1]), Number(match[2]), timeZone).getTime()).toISOString();
}
