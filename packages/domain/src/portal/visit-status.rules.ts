import type { TaskLifecycle } from '../tasks/task-status.rules.ts';
import { windowText } from '../texts/on-my-way.rules.ts';

/**
 * The customer's visit page: where one visit (a task) stands, as the site contact reads it from the link in a
 * text. Five plain states instead of the office's task statuses — a customer needs to know whether someone is
 * coming, is there, or has finished, not whether the task is "Awaiting Start" or "Missed".
 */
export const VISIT_STATUSES = ['SCHEDULED', 'ON_THE_WAY', 'IN_PROGRESS', 'DONE', 'CANCELLED'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

export const VISIT_STATUS_TEXT = {
  SCHEDULED: { label: 'Scheduled', explanation: 'Your visit is booked. We will let you know when your technician is on the way.' },
  ON_THE_WAY: { label: 'On the way', explanation: 'Your technician is on the way to you.' },
  IN_PROGRESS: { label: 'In progress', explanation: 'Your technician has started the work.' },
  DONE: { label: 'Done', explanation: 'The work of this visit is finished. Thank you!' },
  CANCELLED: { label: 'Cancelled', explanation: 'This visit was cancelled. Please contact us to book a new time.' },
} as const satisfies Record<VisitStatus, { label: string; explanation: string }>;

/**
 * An "on my way" is news for the trip it announced: once its window ended this many hours ago (the visit was
 * moved to another day and nobody clocked in), the page goes back to "Scheduled" instead of claiming a
 * technician has been on the road since yesterday.
 */
export const ON_THE_WAY_STALE_HOURS = 12;

export type VisitFacts = {
  lifecycle: TaskLifecycle;
  /** The window of the latest "on my way" for this visit, ISO instants; null when none was sent. */
  arrival: { from: string; to: string } | null;
};

/**
 * The visit's state: cancelled and closed tasks are Cancelled and Done; clocked in — or clocked out and not yet
 * closed, the work begun but not finished — is In progress; an open task is On the way once its assignee said so
 * (until that news goes stale), else Scheduled.
 */
export function visitStatus(facts: VisitFacts, now: Date): VisitStatus {
  switch (facts.lifecycle) {
    case 'CANCELLED':
      return 'CANCELLED';
    case 'CLOSED':
      return 'DONE';
    case 'CLOCKED_IN':
    case 'CLOCKED_OUT':
      return 'IN_PROGRESS';
    case 'OPEN':
      if (!facts.arrival) return 'SCHEDULED';
      return now.getTime() - Date.parse(facts.arrival.to) > ON_THE_WAY_STALE_HOURS * 3_600_000 ? 'SCHEDULED' : 'ON_THE_WAY';
  }
}

/** "Arriving between 10:20 and 10:40 AM", in the company's zone. */
export function arrivalText(from: Date, to: Date, timeZone: string): string {
  return `Arriving between ${windowText(from, to, timeZone).replace('–', ' and ')}`;
}

/**
 * How long a visit link works: until this many days after the visit's expected end (its start when it has no
 * end), or after the link was sent when the visit is not scheduled or its time has already passed — long enough
 * to look back at a visit for a week, short enough that an old text does not open a customer's address forever.
 */
export const VISIT_LINK_DAYS_AFTER = 7;

export function visitLinkExpiry(task: { startAt: string | null; expectedEndAt: string | null }, now: Date): string {
  const end = task.expectedEndAt ?? task.startAt;
  const from = Math.max(now.getTime(), end ? Date.parse(end) : 0);
  return new Date(from + VISIT_LINK_DAYS_AFTER * 86_400_000).toISOString();
}

export const VISIT_MESSAGES = {
  invalid: 'This visit link is not valid or has expired.',
} as const;
