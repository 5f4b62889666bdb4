import { describe, expect, it } from 'vitest';
import { canCancelJob, canCloseJob, canReopenJob, JOB_TRANSITIONS, jobTaskSummary, type JobTaskCounts } from './job-status.rules.ts';

const c = (o: Partial<JobTaskCounts> = {}): JobTaskCounts => ({ total: 0, open: 0, overdue: 0, closed: 0, clockedIn: 0, clockedOut: 0, ...o });
const OPEN = { status: 'OPEN' as const };

describe('job status transitions', () => {
  it('OPEN -> CLOSED or CANCELLED, CLOSED -> OPEN, CANCELLED is final', () => {
    expect(JOB_TRANSITIONS.OPEN).toEqual({ CLOSED: 'CLOSED', CANCELLED: 'CANCELLED' });
    expect(JOB_TRANSITIONS.CLOSED).toEqual({ REOPENED: 'OPEN' });
    expect(JOB_TRANSITIONS.CANCELLED).toEqual({});
    expect(canReopenJob({ status: 'CANCELLED' })).toBe(false);
    expect(canReopenJob({ status: 'CLOSED' })).toBe(true);
  });
  it.each([
    ['open job, only unworked open tasks: cancel, not close', c({ total: 2, open: 2 }), true, false],
    ['a clocked-in task blocks cancel; open tasks block close', c({ total: 2, open: 1, clockedIn: 1 }), false, false],
    ['a clocked-out task blocks cancel', c({ total: 1, clockedOut: 1 }), false, true],
    ['a closed task blocks cancel; the rest still open blocks close', c({ total: 2, open: 1, closed: 1 }), false, false],
    ['all tasks closed: close, not cancel', c({ total: 3, closed: 3 }), false, true],
    ['no tasks: cancel (nothing was worked), so not close', c(), true, false],
  ] as const)('%s', (_l, counts, cancel, close) => {
    expect(canCancelJob(OPEN, counts)).toBe(cancel);
    expect(canCloseJob(OPEN, counts)).toBe(close);
  });
  it('closed or cancelled jobs can be neither cancelled nor closed', () => {
    for (const status of ['CLOSED', 'CANCELLED'] as const) {
      expect(canCancelJob({ status }, c({ total: 1, open: 1 }))).toBe(false);
      expect(canCloseJob({ status }, c({ total: 1, closed: 1 }))).toBe(false);
    }
  });
});

describe('job task summary badge', () => {
  it.each([
    [OPEN, c({ total: 3, open: 2, closed: 1 }), 'OPEN_TASKS', '2 Open Tasks'],
    [OPEN, c({ total: 3, open: 2, overdue: 1 }), 'OVERDUE_TASKS', '1 Overdue Tasks'],
    [OPEN, c({ total: 2, closed: 2 }), 'ALL_TASKS_CLOSED', 'All Tasks Closed'],
    [{ status: 'CLOSED' as const }, c({ total: 2, closed: 2 }), 'CLOSED', 'Closed'],
  ] as const)('%j %j -> %s', (job, counts, state, label) => {
    expect(jobTaskSummary(job, counts)).toEqual({ state, label });
  });
  it('says nothing for an open job without tasks', () => expect(jobTaskSummary(OPEN, c())).toBeNull());
});
