import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { withTenant } from '@fieldwork/db/tenant-scope';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { claimJobs } from './background.repository.ts';
import { enqueueJob } from './background.service.ts';
import { createBackgroundWorker, retryDelayMs, type JobHandlers } from './background-worker.ts';

let t: TestApp;
let tenantId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId } = await t.newCompany());
});
afterAll(async () => t.close());

const jobs = async () =>
  (
    await sql<{
      kind: string;
      state: string;
      attempts: number;
      payload: string;
      last_error: string | null;
    }>`select kind, state, attempts, payload, last_error from background_jobs where tenant_id = ${tenantId} order by created_at`.execute(t.db)
  ).rows;
const clear = () => sql`delete from background_jobs where tenant_id = ${tenantId}`.execute(t.db);
const options = { pollMs: 0, concurrency: 2, leaseMs: 60_000, retryBaseMs: 10, retryMaxMs: 20, keepDoneMs: 60_000 };
const enqueue = (payload: unknown, dedupeKey?: string) =>
  withTenant(tenantId, () => t.app.db.transaction().execute((trx) => enqueueJob(trx, tenantId, 'email.send', payload, dedupeKey ? { dedupeKey } : {})));

describe('the outbox', () => {
  it('a job exists only if the transaction that enqueued it commits; a dedupe key enqueues once', async () => {
    await clear();
    await expect(
      withTenant(tenantId, () =>
        t.app.db.transaction().execute(async (trx) => {
          await enqueueJob(trx, tenantId, 'email.send', { n: 1 });
          throw new Error('the business write failed');
        }),
      ),
    ).rejects.toThrow('the business write failed');
    expect(await jobs()).toEqual([]);
    await enqueue({ n: 2 }, 'same');
    await enqueue({ n: 3 }, 'same');
    await enqueue({ n: 4 });
    expect((await jobs()).map((j) => JSON.parse(j.payload).n)).toEqual([2, 4]);
  });

  it('runs each due job once, retries a failure with backoff, and marks it failed after its last attempt', async () => {
    await clear();
    const ran: number[] = [];
    let failures = 0;
    const handlers: JobHandlers = {
      'email.send': {
        run: async (_ctx, payload) => {
          const n = (payload as { n: number }).n;
          if (n === 0) {
            failures++;
            throw new Error('mail server said no');
          }
          ran.push(n);
        },
      },
    };
    const worker = createBackgroundWorker(t.app.db, t.app.dialect, handlers, options, () => {});
    for (const n of [0, 1, 2, 3]) await enqueue({ n });
    expect(await worker.drain()).toBeGreaterThanOrEqual(4); // the failing one may already be due again (10 ms backoff)
    expect(ran.sort()).toEqual([1, 2, 3]);
    for (let i = 0; i < 20 && (await jobs()).some((j) => j.state === 'queued'); i++) {
      await new Promise((r) => setTimeout(r, 25));
      await worker.drain();
    }
    expect(failures).toBe(8);
    const states = await jobs();
    expect(states.filter((j) => j.state === 'done')).toHaveLength(3);
    expect(states.find((j) => j.state === 'failed')).toMatchObject({ attempts: 8, last_error: 'mail server said no' });
    expect(ran).toHaveLength(3);
  });

  it('a job whose process died (its lease ran out) is taken over; one still leased is not', async () => {
    await clear();
    await enqueue({ n: 9 });
    const now = Date.now();
    const claimed = await withTenant(tenantId, () =>
      claimJobs(t.app.db, t.app.dialect, 'dead-process', 5, new Date(now).toISOString(), new Date(now + 60_000).toISOString()),
    );
    expect(claimed).toHaveLength(1);
    const ran: number[] = [];
    const worker = createBackgroundWorker(
      t.app.db,
      t.app.dialect,
      { 'email.send': { run: async (_c, p) => void ran.push((p as { n: number }).n) } },
      options,
      () => {},
    );
    expect(await worker.drain()).toBe(0);
    await sql`update background_jobs set lease_until = ${new Date(now - 1000).toISOString()} where tenant_id = ${tenantId}`.execute(t.db);
    expect(await worker.drain()).toBe(1);
    expect(ran).toEqual([9]);
    expect((await jobs())[0]).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('stopping lets the running job finish and claims nothing more', async () => {
    await clear();
    let finish: () => void = () => {};
    const started: number[] = [];
    const handlers: JobHandlers = {
      'email.send': {
        run: async (_c, p) => {
          started.push((p as { n: number }).n);
          await new Promise<void>((r) => (finish = r));
        },
      },
    };
    const worker = createBackgroundWorker(t.app.db, t.app.dialect, handlers, { ...options, concurrency: 1 }, () => {});
    await enqueue({ n: 1 });
    await enqueue({ n: 2 });
    const draining = worker.drain();
    while (!started.length) await new Promise((r) => setTimeout(r, 5));
    const stopped = worker.stop(5_000);
    finish();
    await stopped;
    await draining;
    expect(started).toEqual([1]);
    expect((await jobs()).map((j) => j.state)).toEqual(['done', 'queued']);
  });
});

describe('jobs beside requests', () => {
  /** Runs four due jobs with room for four, each held until released; answers the most that ran at once. */
  const mostAtOnce = async (busy: () => boolean): Promise<number> => {
    await clear();
    let running = 0;
    let most = 0;
    const release: Array<() => void> = [];
    const handlers: JobHandlers = {
      'email.send': {
        run: async () => {
          most = Math.max(most, ++running);
          await new Promise<void>((r) => release.push(r));
          running--;
        },
      },
    };
    const worker = createBackgroundWorker(t.app.db, t.app.dialect, handlers, { ...options, concurrency: 4 }, () => {}, undefined, busy);
    for (const n of [1, 2, 3, 4]) await enqueue({ n });
    const draining = worker.drain();
    let done = 0;
    while (done < 4) {
      while (!release.length) await new Promise((r) => setTimeout(r, 5));
      // Each job is held until the worker has had its chance to start more beside it.
      await new Promise((r) => setTimeout(r, 30));
      const held = release.splice(0);
      done += held.length;
      held.forEach((r) => r());
    }
    expect(await draining).toBe(4);
    expect((await jobs()).map((j) => j.state)).toEqual(['done', 'done', 'done', 'done']);
    return most;
  };

  it('run one at a time while requests are being answered, and up to the concurrency when none is', async () => {
    expect(await mostAtOnce(() => true)).toBe(1);
    expect(await mostAtOnce(() => false)).toBe(4);
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base up to the maximum, half of it fixed and half jittered', () => {
    expect([1, 2, 3, 4, 12].map((a) => retryDelayMs(a, 10_000, 60_000, () => 0))).toEqual([5_000, 10_000, 20_000, 30_000, 30_000]);
    expect([1, 2, 3, 4, 12].map((a) => retryDelayMs(a, 10_000, 60_000, () => 1))).toEqual([10_000, 20_000, 40_000, 60_000, 60_000]);
  });
});
