import { describe, expect, it } from 'vitest';
import { TASK_ACTIONS, type ActionState, type TaskAction } from '../tasks/task-actions.rules.ts';
import type { QueuedAction } from './offline-queue.rules.ts';
import { mustQueue, queuedRunningStart, unsentOf, withQueued, type QueueableTask } from './queued-task.rules.ts';

const state = (visible: boolean): ActionState => ({ visible, allowed: visible, reason: null });
const actions = (shown: TaskAction[]) => Object.fromEntries(TASK_ACTIONS.map((a) => [a, state(shown.includes(a))])) as Record<TaskAction, ActionState>;

const awaiting: QueueableTask = {
  id: 't1',
  status: 'AWAITING_START',
  displayStatus: 'Awaiting Start',
  lifecycle: 'OPEN',
  actions: actions(['clockIn', 'onMyWay', 'addCost']),
  workPeriods: [],
};
const queued = (id: string, kind: QueuedAction['kind'], actedAt: string, over: Partial<QueuedAction> = {}) => ({
  id,
  kind,
  taskId: 't1',
  actedAt,
  state: 'waiting' as const,
  ...over,
});

describe('withQueued', () => {
  it('leaves a task without kept actions as it is', () => {
    expect(withQueued(awaiting, [queued('n', 'clockIn', '2026-03-12T09:02:00Z', { taskId: 'other' })])).toBe(awaiting);
  });

  it('a kept clock-in shows the task clocked in from the time tapped, offering clock-out', () => {
    const shown = withQueued(awaiting, [queued('a', 'clockIn', '2026-03-12T09:02:00Z')]);
    expect(shown).toMatchObject({ status: 'CLOCKED_IN', displayStatus: 'Clocked In', lifecycle: 'CLOCKED_IN' });
    expect(shown.actions.clockOut).toEqual(state(true));
    expect(shown.actions.clockIn.visible).toBe(false);
    expect(shown.actions.onMyWay.visible).toBe(false);
    expect(shown.workPeriods).toEqual([{ id: 'queued:a', startTime: '2026-03-12T09:02:00Z', endTime: null }]);
  });

  it('applies clock-in then clock-out in the order they were made, whatever order they are stored in', () => {
    const shown = withQueued(awaiting, [queued('b', 'clockOut', '2026-03-12T10:15:00Z'), queued('a', 'clockIn', '2026-03-12T09:02:00Z')]);
    expect(shown).toMatchObject({ status: 'CLOCKED_OUT', displayStatus: 'Clocked Out' });
    expect(shown.actions.close).toEqual(state(true));
    expect(shown.actions.clockOut.visible).toBe(false);
    expect(shown.workPeriods).toEqual([{ id: 'queued:a', startTime: '2026-03-12T09:02:00Z', endTime: '2026-03-12T10:15:00Z' }]);
  });

  it('a kept close closes it; notes, photos and costs change nothing; sent actions no longer count', () => {
    expect(withQueued(awaiting, [queued('c', 'close', '2026-03-12T11:00:00Z')])).toMatchObject({ status: 'CLOSED', displayStatus: 'Closed' });
    const notes = [queued('n', 'note', '2026-03-12T09:00:00Z'), queued('p', 'photo', '2026-03-12T09:01:00Z'), queued('k', 'cost', '2026-03-12T09:03:00Z')];
    expect(withQueued(awaiting, notes)).toEqual(awaiting);
    expect(withQueued(awaiting, [queued('a', 'clockIn', '2026-03-12T09:02:00Z', { state: 'done' })])).toEqual(awaiting);
  });

  it('a task refused by the server (needs attention) still shows what the technician did, until they discard it', () => {
    expect(withQueued(awaiting, [queued('a', 'clockIn', '2026-03-12T09:02:00Z', { state: 'attention' })]).status).toBe('CLOCKED_IN');
  });
});

describe('mustQueue and the running start', () => {
  const q = [queued('a', 'clockIn', '2026-03-12T09:02:00Z')];
  it('queues offline always, and online only behind earlier unsent actions of the same task', () => {
    expect(mustQueue([], 't1', false)).toBe(true);
    expect(mustQueue([], 't1', true)).toBe(false);
    expect(mustQueue(q, 't1', true)).toBe(true);
    expect(mustQueue(q, 't2', true)).toBe(false);
    expect(mustQueue([{ ...q[0]!, state: 'done' }], 't1', true)).toBe(false);
  });

  it('knows when a kept clock-in started, and that a kept clock-out ended it', () => {
    expect(queuedRunningStart(q, 't1')).toBe('2026-03-12T09:02:00Z');
    expect(queuedRunningStart([...q, queued('b', 'clockOut', '2026-03-12T10:00:00Z')], 't1')).toBeNull();
    expect(queuedRunningStart([], 't1')).toBeNull();
    expect(unsentOf(q, 't2')).toEqual([]);
  });
});
