import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@fieldwork/domain/common/events.schemas';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { afterCommit, runTransaction } from '@fieldwork/db/transactions';
import { sleep } from './events.fixture.ts';

/** After-commit delivery on both dialects: nothing while the transaction is open, nothing after a rollback. */
let t: TestApp;
let tenantId: string;
const seen: DomainEvent[] = [];
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId } = await t.newCompany());
  t.app.events.subscribe((e) => seen.push(e));
});
afterAll(async () => t.close());

const arrived = async (taskId: string, timeoutMs = 3_000) => {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (seen.some((e) => e.taskId === taskId)) return true;
    await sleep(10);
  }
  return false;
};

describe('afterCommit', () => {
  it('delivers an event once its transaction has committed, not before', async () => {
    let duringTransaction = true;
    await runTransaction(t.db, async (trx) => {
      await afterCommit(trx, tenantId, { type: 'task.updated', taskId: 'committed', assigneeKeys: [] });
      await sleep(150);
      duringTransaction = seen.some((e) => e.taskId === 'committed');
    });
    expect(duringTransaction).toBe(false);
    expect(await arrived('committed')).toBe(true);
    expect(seen.filter((e) => e.taskId === 'committed')).toMatchObject([{ tenantId, type: 'task.updated', assigneeKeys: [] }]);
  });

  it('drops the events of a rolled-back transaction', async () => {
    await expect(
      runTransaction(t.db, async (trx) => {
        await afterCommit(trx, tenantId, { type: 'task.updated', taskId: 'rolled-back', assigneeKeys: [] });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await runTransaction(t.db, (trx) => afterCommit(trx, tenantId, { type: 'task.updated', taskId: 'marker', assigneeKeys: [] }));
    expect(await arrived('marker')).toBe(true);
    await sleep(100);
    expect(seen.some((e) => e.taskId === 'rolled-back')).toBe(false);
  });

  it('keeps the BEGIN IMMEDIATE path publishing after commit too', async () => {
    await runTransaction(t.db, (trx) => afterCommit(trx, tenantId, { type: 'schedule.changed', taskId: 'immediate', assigneeKeys: ['k'] }), {
      immediate: true,
    });
    expect(await arrived('immediate')).toBe(true);
  });
});
