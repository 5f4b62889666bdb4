import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { keptJobMoney, recomputeJobMoney, type JobMoney } from '@fieldwork/db/job-money';
import { buildCustomer, buildJob } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { billingWrite, EXPECTED_CODES, runBillingWrite, type BillingWrite, type Pool } from './billing-writes.fixture.ts';

/**
 * The job list's money columns are kept by triggers (migration 0019): whatever billing writes run, in whatever
 * order and however many at once, every job's columns equal a fresh recompute from its documents afterwards.
 */
let t: TestApp;
let tenantId: string;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
});
afterAll(async () => t.close());

async function newPool(): Promise<Pool> {
  const customer = await buildCustomer(t.db, tenantId);
  const jobIds = [(await buildJob(t.db, tenantId, { customer })).id, (await buildJob(t.db, tenantId, { customer })).id];
  return { customerId: customer.id, jobIds, docs: [] };
}

describe('job money after random sequences of billing writes', () => {
  it('equals a recompute from the documents, on every job of the company', async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(billingWrite, { minLength: 1, maxLength: 16 }), async (writes) => {
        const pool = await newPool();
        for (const w of writes) {
          const code = await runBillingWrite(t, admin.cookie, pool, w);
          expect(EXPECTED_CODES, `${w.kind}: ${code}`).toContain(code);
          seen.set(code, (seen.get(code) ?? 0) + 1);
        }
        // This run's jobs (earlier runs' jobs are checked at the end), so a counterexample shrinks to this run's writes.
        const mine = (rows: JobMoney[]) => rows.filter((r) => pool.jobIds.includes(r.id));
        expect(mine(await keptJobMoney(t.db, tenantId))).toEqual(mine(await recomputeJobMoney(t.db, tenantId)));
      }),
      { numRuns: 60 },
    );
    expect(await keptJobMoney(t.db, tenantId)).toEqual(await recomputeJobMoney(t.db, tenantId));
    // The writes did land, not only get refused.
    expect((seen.get(200) ?? 0) + (seen.get(201) ?? 0)).toBeGreaterThan(80);
  }, 240_000);
});

const ROUNDS = 8;

/** One round's writes, spread over both jobs and every kind of document change. */
function roundOf(docs: number): BillingWrite[] {
  const writes: BillingWrite[] = [];
  for (let i = 0; i < 6; i++) {
    writes.push({ kind: 'create', doc: i % 2 ? 'invoices' : 'estimates', job: i, send: i % 3 !== 0, dollars: 100 + i, deposit: i % 4 === 0 });
    writes.push({ kind: 'pay', pick: i, cents: 500 + i });
  }
  for (let i = 0; i < docs; i += 3) {
    writes.push({ kind: 'send', pick: i });
    writes.push({ kind: 'link', pick: i + 1, job: i });
    writes.push({ kind: 'edit', pick: i + 2, dollars: 50 + i });
  }
  for (let i = 0; i < 4; i++) {
    writes.push({ kind: 'approve', pick: i * 2, decision: 'APPROVED' });
    writes.push({ kind: 'convert', pick: i * 2 + 1 });
    writes.push({ kind: 'deposit', pick: i });
    writes.push({ kind: 'void', pick: docs - i });
    writes.push({ kind: 'delete', pick: docs + i });
  }
  return writes;
}

/**
 * Each write takes its document's row lock, then (by its trigger) its job's, so none waits crosswise on another;
 * on PostgreSQL a deadlock would be aborted and answer 500.
 */
describe('job money under concurrent billing writes', () => {
  it(`${ROUNDS} rounds of ~50 writes at once on two jobs: no deadlock, no 5xx, money equals a recompute`, async () => {
    const pool = await newPool();
    // Documents to act on: on each job and loose (for links), estimates and invoices, drafts and sent.
    for (let i = 0; i < 12; i++) {
      await runBillingWrite(t, admin.cookie, pool, {
        kind: 'create',
        doc: i % 2 ? 'invoices' : 'estimates',
        job: i % 3 === 2 ? null : i,
        send: i % 4 < 2,
        dollars: 200 + i,
        deposit: i % 5 === 0,
      });
    }
    const codes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const writes = roundOf(pool.docs.length);
      codes.push(...(await Promise.all(writes.map((w) => runBillingWrite(t, admin.cookie, pool, w)))));
      expect(
        codes.filter((c) => !EXPECTED_CODES.includes(c)),
        `round ${round}`,
      ).toEqual([]);
    }
    expect(codes.filter((c) => c === 200 || c === 201).length).toBeGreaterThan(ROUNDS * 12);
    expect(await keptJobMoney(t.db, tenantId)).toEqual(await recomputeJobMoney(t.db, tenantId));
  }, 240_000);
});
