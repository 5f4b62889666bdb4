import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { deleteQueuedJobs, deleteQueuedJobsAtCommit, insertJob } from './background.repository.ts';

/**
 * Every kind of background job, how often it is tried before it is marked failed, and what Settings → Delivery
 * calls it. With the default backoff (10 s doubling, at most 30 min) eight attempts span about 21 minutes: a mail
 * server restarting or briefly refusing is waited out, a wrong password is reported within the half hour.
 */
export const BACKGROUND_JOB_KINDS = {
  'email.send': { maxAttempts: 8, label: 'Send an email' },
  // Stripe settles a card charge into the balance within seconds to minutes; the fee is read once it has.
  'payment.fee': { maxAttempts: 10, label: 'Read a card payment’s Stripe fee' },
  'text.send': { maxAttempts: 8, label: 'Send a text message' },
  // Renders and queues a customer's reminder, booking or job-completed text, or a technician's notice.
  'visit.notice': { maxAttempts: 8, label: 'Prepare a visit reminder or notice' },
  // Creates a service plan's next visits, a batch at a time, and comes back daily to extend its horizon.
  'plans.generate': { maxAttempts: 8, label: 'Create a service plan’s visits' },
  // Drafts the invoice of a closed visit of a per-visit plan (and sends it when the plan says so).
  'plans.invoice': { maxAttempts: 8, label: 'Draft a service plan’s invoice' },
  // Emails the office (and, when asked, the customer) that a plan is about to end.
  'plans.renewal': { maxAttempts: 8, label: 'Send a service plan’s renewal reminder' },
} as const satisfies Record<string, { maxAttempts: number; label: string }>;
export type BackgroundJobKind = keyof typeof BACKGROUND_JOB_KINDS;

export type EnqueueOptions = { dedupeKey?: string; runAt?: string };

/** Adds a job in the caller's transaction (the outbox): it runs only if the change that caused it commits. */
export async function enqueueJob(trx: Db, tenantId: string, kind: BackgroundJobKind, payload: unknown, options: EnqueueOptions = {}): Promise<void> {
  await insertJob(
    trx,
    tenantId,
    {
      kind,
      payload,
      maxAttempts: BACKGROUND_JOB_KINDS[kind].maxAttempts,
      dedupeKey: options.dedupeKey ?? null,
      ...(options.runAt ? { runAt: options.runAt } : {}),
    },
    nowIso(),
  );
}

/** Withdraws queued jobs of one kind keyed under `prefix` (a task's reminders), in the caller's transaction. */
export function withdrawQueuedJobs(trx: Db, tenantId: string, kind: BackgroundJobKind, prefix: string, keep: string | null = null): Promise<number> {
  return deleteQueuedJobs(trx, tenantId, kind, prefix, keep);
}

/**
 * withdrawQueuedJobs at commit, for a caller that then enqueues under the prefix nothing but `keep`: a round trip
 * less on PostgreSQL (deleteQueuedJobsAtCommit says when that holds).
 */
export function withdrawQueuedJobsAtCommit(trx: Db, tenantId: string, kind: BackgroundJobKind, prefix: string, keep: string | null): Promise<void> {
  return deleteQueuedJobsAtCommit(trx, tenantId, kind, prefix, keep);
}
