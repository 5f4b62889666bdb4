import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ATTENTION_ADVICE } from '@fieldwork/domain/offline/offline-queue.rules';
import { ApiError, NETWORK_MESSAGE } from '../../lib/api-client';
import { deleteOfflineStore, offlineActions, type StoredAction } from '../../lib/offline-store';
import { createActionQueue, type ActionQueue, type SendAction } from './action-queue';
import { sendResultOf } from './send-result';

const scope = { userId: 'u-tech', companyId: 'c-acme' };
const NOW = new Date('2026-03-12T11:40:00Z');
const opened: ActionQueue[] = [];

function open(send: SendAction, onSent?: (a: readonly StoredAction[]) => void) {
  const q = createActionQueue(offlineActions(scope), { send, onSent, now: () => NOW });
  opened.push(q);
  return q;
}
const offline = () => new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
const refused = (status: number, message: string) => new ApiError(status, status === 404 ? 'NOT_FOUND' : 'CONFLICT', message);
const add = (q: ActionQueue, id: string, taskId: string, actedAt: string, kind: StoredAction['kind'] = 'note') =>
  q.add({ id, kind, taskId, actedAt, payload: { note: id }, summary: `Note ${id}` });
const stored = () => offlineActions(scope).toArray();

afterEach(async () => {
  opened.splice(0).forEach((q) => q.close());
  await deleteOfflineStore(scope);
});

describe('the offline action queue', () => {
  it('keeps an action on the device at once: a queue opened later (a reload, a restart) still has it', async () => {
    const first = open(vi.fn());
    await add(first, 'a1', 't1', '2026-03-12T09:02:00Z', 'clockIn');
    first.close();
    const reloaded = open(vi.fn());
    await vi.waitFor(() => expect(reloaded.snapshot().map((a) => [a.id, a.state, a.summary])).toEqual([['a1', 'waiting', 'Note a1']]));
  });

  it('sends in the order the actions were made, each with its own id, and forgets what the server accepted', async () => {
    const sent: string[] = [];
    const onSent = vi.fn();
    const q = open(async (a) => void sent.push(a.id), onSent);
    await add(q, 'late', 't2', '2026-03-12T10:00:00Z');
    await add(q, 'early', 't1', '2026-03-12T09:00:00Z');
    await add(q, 'middle', 't1', '2026-03-12T09:30:00Z');
    await q.flush();
    expect(sent).toEqual(['early', 'middle', 'late']);
    // One refresh for the round, naming all three.
    expect(onSent).toHaveBeenCalledTimes(1);
    expect(onSent.mock.calls[0]![0].map((a: StoredAction) => a.id)).toEqual(['early', 'middle', 'late']);
    expect(await stored()).toEqual([]);
  });

  it('with no answer keeps everything waiting with a retry time, and stops for this round', async () => {
    const send = vi.fn(async () => Promise.reject(offline()));
    const q = open(send);
    await add(q, 'a', 't1', '2026-03-12T09:00:00Z');
    await add(q, 'b', 't2', '2026-03-12T09:05:00Z');
    await q.flush();
    expect(send).toHaveBeenCalledTimes(1);
    const rows = await stored();
    expect(rows.find((r) => r.id === 'a')).toMatchObject({ state: 'waiting', attempts: 1, retryAt: '2026-03-12T11:40:05.000Z' });
    expect(rows.find((r) => r.id === 'b')).toMatchObject({ state: 'waiting', attempts: 0, retryAt: null });
  });

  it('a refusal needs the technician, with the server’s reason; that task’s later actions wait behind it, others go', async () => {
    const sent: string[] = [];
    const q = open(async (a) => {
      if (a.id === 'close') throw refused(409, 'This task is closed or cancelled; it can no longer be changed.');
      sent.push(a.id);
    });
    await add(q, 'close', 't1', '2026-03-12T09:00:00Z', 'clockIn');
    await add(q, 'after', 't1', '2026-03-12T09:10:00Z');
    await add(q, 'other', 't2', '2026-03-12T09:20:00Z');
    await q.flush();
    expect(sent).toEqual(['other']);
    const rows = await stored();
    expect(rows.find((r) => r.id === 'close')).toMatchObject({
      state: 'attention',
      attention: { reason: 'This task is closed or cancelled; it can no longer be changed.', advice: ATTENTION_ADVICE.conflict },
    });
    expect(rows.find((r) => r.id === 'after')).toMatchObject({ state: 'waiting', attempts: 0 });
  });

  it('try again sends a refused action once more; discard drops it and lets the next one go', async () => {
    let refuse = true;
    const sent: string[] = [];
    const q = open(async (a) => {
      if (a.id.startsWith('x') && refuse) throw refused(404, 'Task not found.');
      sent.push(a.id);
    });
    await add(q, 'x1', 't1', '2026-03-12T09:00:00Z');
    await add(q, 'y1', 't1', '2026-03-12T09:10:00Z');
    await add(q, 'x2', 't2', '2026-03-12T09:00:00Z');
    await add(q, 'y2', 't2', '2026-03-12T09:10:00Z');
    await q.flush();
    expect(sent).toEqual([]);
    await q.retry('x1');
    expect((await stored()).find((r) => r.id === 'x1')?.state).toBe('attention');
    refuse = false;
    await q.retry('x1');
    expect(sent).toEqual(['x1', 'y1']);
    await q.discard('x2');
    await q.flush();
    expect(sent).toEqual(['x1', 'y1', 'y2']);
    expect(await stored()).toEqual([]);
  });

  it('an action left "syncing" by a closed tab is sent again with the same key', async () => {
    const q = open(vi.fn());
    await add(q, 'left', 't1', '2026-03-12T09:00:00Z');
    await offlineActions(scope).update('left', { state: 'syncing' });
    const keys: string[] = [];
    const again = open(async (a) => void keys.push(a.id));
    await again.flush();
    expect(keys).toEqual(['left']);
  });

  it('flushes started together send each action once', async () => {
    const send = vi.fn(async (_action: StoredAction) => new Promise((r) => setTimeout(r, 5)));
    const q = open(send);
    for (let i = 0; i < 5; i++) await add(q, `n${i}`, `t${i % 2}`, `2026-03-12T09:0${i}:00Z`);
    await Promise.all([q.flush(), q.flush(), q.flush()]);
    expect(send.mock.calls.map(([a]) => a.id).sort()).toEqual(['n0', 'n1', 'n2', 'n3', 'n4']);
  });
});

describe('sendResultOf', () => {
  it('reads no answer, and the server’s status and words', () => {
    expect(sendResultOf(offline())).toEqual({ kind: 'network' });
    expect(sendResultOf(new TypeError('Failed to fetch'))).toEqual({ kind: 'network' });
    expect(sendResultOf(new ApiError(400, 'VALIDATION_FAILED', 'a', ['a', 'b']))).toEqual({
      kind: 'answer',
      status: 400,
      code: 'VALIDATION_FAILED',
      message: ['a', 'b'],
    });
  });
});
