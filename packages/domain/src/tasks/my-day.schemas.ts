import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import { z } from 'zod';
import { taskSchema } from './tasks.schemas.ts';

/**
 * The technician's day ("My day"): a field user's tasks that start on one day in the company's
 * zone, with what a phone needs to get there and act — the site address (a map link), whom to call, the
 * work periods for the live timer, and the task's per-record actions for the one big button.
 */

export const MY_DAY_LIMIT = 200;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_MESSAGE = 'date must be a date in the form yyyy-MM-dd.';

/** A calendar day as yyyy-MM-dd that exists (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d && y >= 1970 && y <= 9999;
}

/** GET /tasks/my-day?date=yyyy-MM-dd — the day in the company's zone; today when absent. */
export const myDayQuery = z.strictObject({
  date: z
    .string({ error: DATE_MESSAGE })
    .trim()
    .refine(isCalendarDate, { error: DATE_MESSAGE })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type MyDayQuery = z.infer<typeof myDayQuery>;

/** Calendar arithmetic on yyyy-MM-dd, zone free. */
export function shiftDay(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The instants [from, to) of a calendar day in the zone (23 or 25 hours long on a DST change). */
export function dayBounds(date: string, timeZone: string): { from: string; to: string } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const start = new TZDate(y, m - 1, d, timeZone);
  return { from: new Date(start.getTime()).toISOString(), to: new Date(addDays(start, 1).getTime()).toISOString() };
}

/** Opens the phone's map app (Google Maps universal link: the app when installed, the web otherwise). */
export function mapsUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** A tel: link keeps only what a dialer understands. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+*#,;]/g, '')}`;
}

export const myDayContactSchema = z.object({
  /** Who answers: the job's site contact, else its requester, else the customer. */
  name: z.string(),
  phone: z.string(),
  kind: z.enum(['SITE_CONTACT', 'REQUESTER', 'CUSTOMER']),
});
export type MyDayContact = z.infer<typeof myDayContactSchema>;

export const myDayWorkPeriodSchema = z.object({ id: z.string(), startTime: z.string(), endTime: z.string().nullable() });

export const myDayTaskSchema = taskSchema.extend({
  /** The site's full address, as the map link searches it; null when the job has none. */
  siteAddressText: z.string().nullable(),
  contact: myDayContactSchema.nullable(),
  /** The task's work periods in start order (the live timer); empty when the viewer may not see time (subcontractors). */
  workPeriods: z.array(myDayWorkPeriodSchema),
});
export type MyDayTask = z.infer<typeof myDayTaskSchema>;

export const myDaySchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  /** The day's instants in the company's zone: tasks with from <= start < to. */
  from: z.string(),
  to: z.string(),
  items: z.array(myDayTaskSchema),
});
export type MyDay = z.infer<typeof myDaySchema>;

export type MyDayAction = 'clockIn' | 'clockOut' | 'close';
export type NextAction = { action: MyDayAction; allowed: boolean; reason: string | null };

export const FUTURE_TASK_REASON = 'This task starts on a later day.';

/**
 * The one big button: the next step of the task for this viewer, from the record's actions. Clocked in:
 * clock out. Clocked out: close (or clock in again when closing is not theirs). Otherwise clock in, then
 * close. A step shown but not allowed comes back disabled with its reason; a future task shows a disabled
 * clock-in; nothing when no step is the viewer's (closed, cancelled, another's).
 */
export function nextTaskAction(task: Pick<MyDayTask, 'actions' | 'lifecycle' | 'dateCategory' | 'assignedTo' | 'status'>): NextAction | null {
  const a = task.actions;
  const order: MyDayAction[] = task.lifecycle === 'CLOCKED_OUT' ? ['clockOut', 'close', 'clockIn'] : ['clockOut', 'clockIn', 'close'];
  const allowed = order.find((k) => a[k].visible && a[k].allowed);
  if (allowed) return { action: allowed, allowed: true, reason: null };
  const shown = order.find((k) => a[k].visible);
  if (shown) return { action: shown, allowed: false, reason: a[shown].reason };
  if (task.status === 'UPCOMING' && task.assignedTo === 'TECHNICIAN') return { action: 'clockIn', allowed: false, reason: FUTURE_TASK_REASON };
  return null;
}
