import { describe, expect, it } from 'vitest';
import { ATTENTION_ADVICE, IDEMPOTENCY_MESSAGES, nextToSend, retryDelayMs, sendOutcome, syncIndicator, type QueuedAction } from './offline-queue.rules.ts';

const action = (id: string, taskId: string, actedAt: string, over: Partial<QueuedAction> = {}): QueuedAction => ({
  id,
  kind: 'note',
  taskId,
  actedAt,
  state: 'waiting',
  attempts: 0,
  retryAt: null,
  attention: null,
  ...over,
});
const NOW = new Date('2026-03-12T11:40:00Z');

describe('sendOutcome', () => {
  it.each([
    ['no answer (offline, timeout)', { kind: 'network' } as const, 'retry'],
    ['200', { kind: 'answer', status: 200 } as const, 'done'],
    ['201 replayed', { kind: 'answer', status: 201 } as const, 'done'],
    ['502', { kind: 'answer', status: 502 } as const, 'retry'],
    ['429', { kind: 'answer', status: 429 } as const, 'retry'],
    ['the same key still running', { kind: 'answer', status: 409, code: 'CONFLICT', message: IDEMPOTENCY_MESSAGES.inProgress } as const, 'retry'],
    [
      'task cancelled meanwhile',
      { kind: 'answer', status: 409, code: 'CONFLICT', message: 'This task is closed or cancelled; it can no longer be changed.' } as const,
      'attention',
    ],
    ['reassigned (not theirs any more)', { kind: 'answer', status: 404, code: 'NOT_FOUND', message: 'Task not found.' } as const, 'attention'],
    [
      'too old',
      {
        kind: 'answer',
        status: 400,
        code: 'VALIDATION_FAILED',
        message: ['This action was made more than 24 hours ago; ask the office to record its time.'],
      } as const,
      'attention',
    ],
  ])('%s → %s', (_label, result, next) => {
    expect(sendOutcome(result, 1).next).toBe(next);
  });

  it('keeps the server’s words and says what to do', () => {
    expect(sendOutcome({ kind: 'answer', status: 409, message: 'Finish your current task before clocking in a new one.' }, 1)).toEqual({
      next: 'attention',
      reason: 'Finish your current task before clocking in a new one.',
      advice: ATTENTION_ADVICE.conflict,
    });
    expect(sendOutcome({ kind: 'answer', status: 404 }, 1)).toMatchObject({ reason: 'Not found.', advice: ATTENTION_ADVICE.gone });
    expect(sendOutcome({ kind: 'answer', status: 401 }, 1)).toMatchObject({ advice: ATTENTION_ADVICE.signedOut });
  });

  it('backs off from 5 seconds, doubling, to at most 5 minutes', () => {
    expect([1, 2, 3, 7, 20].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 300_000, 300_000]);
  });
});

describe('nextToSend', () => {
  it('sends in the order the technician acted', () => {
    const q = [action('b', 't1', '2026-03-12T09:30:00Z'), action('a', 't1', '2026-03-12T09:02:00Z')];
    expect(nextToSend(q, NOW)?.id).toBe('a');
  });

  it('holds a task’s later actions behind one that needs attention, not other tasks', () => {
    const q = [
      action('clock-in', 't1', '2026-03-12T09:02:00Z', { state: 'attention', attention: { reason: 'x', advice: 'y' } }),
      action('clock-out', 't1', '2026-03-12T10:00:00Z'),
      action('note', 't2', '2026-03-12T10:05:00Z'),
    ];
    expect(nextToSend(q, NOW)?.id).toBe('note');
  });

  it('waits for a retry time, and skips what is done', () => {
    const q = [action('a', 't1', '2026-03-12T09:02:00Z', { state: 'done' }), action('b', 't1', '2026-03-12T09:10:00Z', { retryAt: '2026-03-12T11:41:00Z' })];
    expect(nextToSend(q, NOW)).toBeNull();
    expect(nextToSend(q, new Date('2026-03-12T11:41:00Z'))?.id).toBe('b');
  });
});

describe('syncIndicator', () => {
  it('says what matters most', () => {
    expect(syncIndicator([], true)).toMatchObject({ state: 'online', label: 'Online' });
    expect(syncIndicator([], false)).toMatchObject({ state: 'offline', label: 'Offline' });
    const waiting = [action('a', 't1', '2026-03-12T09:02:00Z'), action('b', 't2', '2026-03-12T09:03:00Z')];
    expect(syncIndicator(waiting, false)).toMatchObject({ state: 'waiting', waiting: 2, label: 'Offline — 2 waiting to sync' });
    expect(syncIndicator([{ ...waiting[0]!, state: 'syncing' }, waiting[1]!], true)).toMatchObject({ state: 'syncing', label: 'Syncing 2…' });
    expect(syncIndicator([{ ...waiting[0]!, state: 'attention' }, waiting[1]!], true)).toMatchObject({
      state: 'attention',
      attention: 1,
      label: '1 needs your attention',
    });
  });
});
