import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Db, DialectName } from '@fieldwork/db/connection';
import { runInScope, withTenant } from '@fieldwork/db/tenant-scope';
import { claimJobs, extendLease, markDone, markFailed, markRetry, pruneFinishedJobs, type JobRow } from './background.repository.ts';

export type WorkerOptions = {
  /** How often an idle worker looks for due jobs; 0 starts no timer (tests run `drain()` themselves). */
  pollMs: number;
  /** Jobs one process runs at once. */
  concurrency: number;
  /** How long a claim holds before another process may take the job over (its process presumably died). */
  leaseMs: number;
  /** Backoff after the n-th failed attempt: base × 2^(n−1), at most max, with jitter. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Finished jobs are removed this long after they finished. */
  keepDoneMs: number;
};

export type JobContext = { db: Db; dialect: DialectName; tenantId: string; jobId: string; attempt: number; finalAttempt: boolean };
export type JobHandler = {
  run: (ctx: JobContext, payload: unknown) => Promise<void>;
  /** Called once when the job gives up, to record the failure where users see it (e.g. the message's state). */
  onFailed?: (ctx: JobContext, payload: unknown, error: string) => Promise<void>;
};
export type JobHandlers = Record<string, JobHandler>;

export type BackgroundWorker = {
  start: () => void;
  /** Stops claiming; resolves when the jobs already running have finished, or after `timeoutMs`. */
  stop: (timeoutMs: number) => Promise<void>;
  /** Looks for due jobs now (after a commit that enqueued one). */
  poke: () => void;
  /** Runs due jobs until none is left: tests and `npm start`'s first tick. Resolves with the number run. */
  drain: () => Promise<number>;
  stats: () => { running: number; claimed: number; done: number; retried: number; failed: number };
};

/** An error's text for last_error: its message, never longer than a column should hold. */
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/** Exponential backoff with "equal jitter": half fixed, half random, so a burst of failures spreads out. */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * The worker every server process runs. It claims due jobs under a lease (background.repository.ts), runs at most
 * `concurrency` at once, and records the outcome only while it still holds the claim. Delivery is at least once:
 * a process killed after a handler's side effect and before markDone leaves the job to be run again when the
 * lease expires, so handlers check what they already did (the email handler skips a message already sent).
 */
export function createBackgroundWorker(
  db: Db,
  dialect: DialectName,
  handlers: JobHandlers,
  options: WorkerOptions,
  log: (msg: string, extra?: object) => void,
  /** Told each job's outcome and how long it ran (the metrics' job durations). */
  observe?: (kind: string, outcome: 'done' | 'retried' | 'failed', seconds: number) => void,
  /** Whether people are waiting on this process now (requests in flight): jobs then run one at a time. */
  busy: () => boolean = () => false,
): BackgroundWorker {
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const running = new Set<Promise<void>>();
  const counts = { claimed: 0, done: 0, retried: 0, failed: 0 };
  let timer: NodeJS.Timeout | null = null;
  let stopping = false;
  let ticking = false;
  let again = false;
  let lastPrune = 0;

  const runOne = async (job: JobRow): Promise<void> => {
    const handler = handlers[job.kind];
    const finalAttempt = job.attempts >= job.max_attempts;
    const ctx: JobContext = { db, dialect, tenantId: job.tenant_id, jobId: job.id, attempt: job.attempts, finalAttempt };
    const renew = setInterval(
      () => void withTenant(job.tenant_id, () => extendLease(db, job, new Date(Date.now() + options.leaseMs).toISOString())).catch(() => undefined),
      Math.max(1000, options.leaseMs / 3),
    );
    renew.unref();
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      if (!handler) throw new Error(`No handler for background job kind "${job.kind}"`);
      const payload = JSON.parse(job.payload) as unknown;
      await withTenant(job.tenant_id, () => handler.run(ctx, payload));
      await withTenant(job.tenant_id, () => markDone(db, job, new Date().toISOString()));
      counts.done++;
      observe?.(job.kind, 'done', seconds());
    } catch (error) {
      const message = errorText(error);
      const now = new Date();
      if (finalAttempt || !handler) {
        counts.failed++;
        observe?.(job.kind, 'failed', seconds());
        log('background job failed', { jobId: job.id, kind: job.kind, attempts: job.attempts, error: message });
        await withTenant(job.tenant_id, async () => {
          await markFailed(db, job, message, now.toISOString());
          await handler?.onFailed?.(ctx, JSON.parse(job.payload) as unknown, message);
        }).catch((e: unknown) => log('background job: recording the failure failed', { jobId: job.id, error: errorText(e) }));
      } else {
        counts.retried++;
        observe?.(job.kind, 'retried', seconds());
        const runAt = new Date(now.getTime() + retryDelayMs(job.attempts, options.retryBaseMs, options.retryMaxMs)).toISOString();
        await withTenant(job.tenant_id, () => markRetry(db, job, message, runAt, now.toISOString())).catch(() => undefined);
      }
    } finally {
      clearInterval(renew);
    }
  };

  /**
   * One claim of as many jobs as there is room for; answers how many were started. While people wait on this process
   * (`busy`) the room is one job: jobs share the process and the machine's cores with the requests, and four at once
   * beside a stream of card-payment webhooks (their receipts and fee reads) took the webhooks' p95 from 15.1 ms with no
   * worker to 28.6 on PostgreSQL on this project's 2-core machine; one at a time, 15.6 (bench/payments.mjs). Each
   * job's end claims again, so the queue keeps moving under load, and an idle process goes back to `concurrency`.
   */
  const claimAndStart = async (): Promise<number> => {
    const room = (busy() ? 1 : options.concurrency) - running.size;
    if (room <= 0 || stopping) return 0;
    const now = Date.now();
    const jobs = await runInScope({ tenantId: null, worker: 'on' }, () =>
      claimJobs(db, dialect, workerId, room, new Date(now).toISOString(), new Date(now + options.leaseMs).toISOString()),
    );
    counts.claimed += jobs.length;
    for (const job of jobs) {
      const p = runOne(job).finally(() => {
        running.delete(p);
        if (!stopping) schedule(0);
      });
      running.add(p);
    }
    return jobs.length;
  };

  const prune = async (): Promise<void> => {
    if (Date.now() - lastPrune < 60_000) return;
    lastPrune = Date.now();
    await runInScope({ tenantId: null, worker: 'on' }, () => pruneFinishedJobs(db, new Date(Date.now() - options.keepDoneMs).toISOString(), 500));
  };

  const tick = async (): Promise<void> => {
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    try {
      do {
        again = false;
        await claimAndStart();
      } while (again && !stopping);
      await prune();
    } catch (error) {
      log('background worker: claiming failed', { error: errorText(error) });
    } finally {
      ticking = false;
    }
  };

  function schedule(delay: number): void {
    if (stopping || options.pollMs <= 0) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void tick().finally(() => schedule(options.pollMs));
    }, delay);
    timer.unref();
  }

  return {
    start: () => {
      stopping = false;
      schedule(0);
    },
    stop: async (timeoutMs) => {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await Promise.race([Promise.allSettled([...running]), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
    },
    poke: () => schedule(0),
    drain: async () => {
      let total = 0;
      for (;;) {
        const started = await claimAndStart();
        total += started;
        if (!started && !running.size) return total;
        if (running.size) await Promise.race([...running]);
      }
    },
    stats: () => ({ running: running.size, ...counts }),
  };
}
