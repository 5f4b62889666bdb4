import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTransaction } from '@fieldwork/db/transactions';
import { withTenant } from '@fieldwork/db/tenant-scope';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { enqueueJob, withdrawQueuedJobsAtCommit } from './background.service.ts';

let t: TestApp;
let tenantId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId } = await t.newCompany());
});
afterAll(async () => t.close());

const queuedKeys = async (prefix: string) =>
  (
    await t.db
      .selectFrom('background_jobs')
      .select('dedupe_key')
      .where('tenant_id', '=', tenantId)
      .where('state', '=', 'queued')
      .where('dedupe_key', 'like', `${prefix}%`)
      .orderBy('dedupe_key')
      .execute()
  ).map((row) => row.dedupe_key);
const inTransaction = (fn: Parameters<typeof runTransaction>[1]) => withTenant(tenantId, () => runTransaction(t.app.db, fn));
const enqueue = (trx: Parameters<typeof enqueueJob>[0], key: string) => enqueueJob(trx, tenantId, 'visit.notice', { key }, { dedupeKey: key });

// The re-schedule's withdrawal of a task's queued reminders, held to the commit's one statement on PostgreSQL.
describe('withdrawing queued jobs at commit', () => {
  it('ends as withdraw-then-enqueue in order would: the old ones gone, the kept successor queued', async () => {
    await inTransaction(async (trx) => {
      await enqueue(trx, 'reminder:a:1');
      await enqueue(trx, 'reminder:a:2');
      await enqueue(trx, 'reminder:b:1');
    });
    await inTransaction(async (trx) => {
      await withdrawQueuedJobsAtCommit(trx, tenantId, 'visit.notice', 'reminder:a:', 'reminder:a:3');
      await enqueue(trx, 'reminder:a:3');
    });
    expect(await queuedKeys('reminder:a:')).toEqual(['reminder:a:3']);
    expect(await queuedKeys('reminder:b:')).toEqual(['reminder:b:1']);
  });

  it('sees what the transaction enqueued before it (held writes go first)', async () => {
    await inTransaction(async (trx) => {
      await enqueue(trx, 'reminder:c:1');
      await withdrawQueuedJobsAtCommit(trx, tenantId, 'visit.notice', 'reminder:c:', 'reminder:c:2');
      await enqueue(trx, 'reminder:c:2');
    });
    expect(await queuedKeys('reminder:c:')).toEqual(['reminder:c:2']);
  });

  it('withdraws nothing when the transaction rolls back', async () => {
    await inTransaction(async (trx) => enqueue(trx, 'reminder:d:1'));
    await expect(
      inTransaction(async (trx) => {
        await withdrawQueuedJobsAtCommit(trx, tenantId, 'visit.notice', 'reminder:d:', null);
        throw new Error('the schedule write failed');
      }),
    ).rejects.toThrow('the schedule write failed');
    expect(await queuedKeys('reminder:d:')).toEqual(['reminder:d:1']);
  });
});
