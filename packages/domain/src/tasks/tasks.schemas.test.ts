import { describe, expect, it } from 'vitest';
import { closeTaskBody, createTaskBody, defaultExpectedEnd, patchTaskBody, taskListQuery, taskNumberSearchDigits, TASK_MESSAGES } from './tasks.schemas.ts';
import { countJobTasks } from '../jobs/job-status.rules.ts';
import { deriveTaskStatus, statusBounds, type TaskFacts } from './task-status.rules.ts';
import { taskEditState } from './task-actions.rules.ts';

const JOB = '7d0c1f7e-6a55-4c55-9d8e-3f1d1c9a0b11';
const TECH = '0b3f4c2a-1d2e-4f5a-8b9c-0d1e2f3a4b5c';
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe('task contract', () => {
  it('requires a name and a job', () => {
    expect(messages(createTaskBody.safeParse({ jobId: JOB }))).toContain('Task Name is mandatory.');
    expect(messages(createTaskBody.safeParse({ name: 'x' }))).toContain('Job must be a valid UUID.');
  });

  it('needs a start to assign, and an end not before the start', () => {
    expect(messages(createTaskBody.safeParse({ jobId: JOB, name: 'x', assignTo: 'TECHNICIAN', assignedTechnicianId: TECH }))).toEqual([
      TASK_MESSAGES.startRequired,
    ]);
    expect(
      messages(createTaskBody.safeParse({ jobId: JOB, name: 'x', startDateTime: '2026-11-21T10:00:00Z', expectedEndDateTime: '2026-11-21T09:00:00Z' })),
    ).toEqual([TASK_MESSAGES.endBeforeStart]);
    expect(messages(createTaskBody.safeParse({ jobId: JOB, name: 'x', startDateTime: '2026-11-21T10:00:00Z', assignTo: 'TECHNICIAN' }))).toEqual([
      TASK_MESSAGES.technicianRequired,
    ]);
    expect(createTaskBody.parse({ jobId: JOB, name: 'x', startDateTime: '2026-11-21T10:00:00+05:30', assignTo: 'LATER' }).startDateTime).toBe(
      '2026-11-21T04:30:00.000Z',
    );
  });

  it('caps a task at 31 days', () => {
    const base = { jobId: JOB, name: 'x', startDateTime: '2026-11-01T00:00:00Z' };
    expect(createTaskBody.safeParse({ ...base, expectedEndDateTime: '2026-12-02T00:00:00Z' }).success).toBe(true);
    expect(messages(createTaskBody.safeParse({ ...base, expectedEndDateTime: '2026-12-02T00:00:01Z' }))).toEqual([TASK_MESSAGES.tooLong]);
  });

  it('refuses an invalid date naming the field', () => {
    expect(messages(createTaskBody.safeParse({ jobId: JOB, name: 'x', startDateTime: '21/11/2026' }))).toEqual([
      'Start date-time must be a valid ISO 8601 date-time.',
    ]);
  });

  it('PATCH carries exactly one change', () => {
    expect(patchTaskBody.safeParse({ isCancelled: true }).success).toBe(true);
    expect(patchTaskBody.safeParse({ isCancelled: true, isTaskReopen: true }).success).toBe(false);
    expect(patchTaskBody.safeParse({}).success).toBe(false);
    expect(patchTaskBody.safeParse({ assignTo: 'LATER' }).success).toBe(true);
  });

  it('close needs both times, end not before start', () => {
    expect(closeTaskBody.safeParse({ taskId: JOB, startDateTime: '2026-11-21T10:00:00Z' }).success).toBe(false);
    expect(messages(closeTaskBody.safeParse({ taskId: JOB, startDateTime: '2026-11-21T10:00:00Z', endDateTime: '2026-11-21T09:00:00Z' }))).toEqual([
      TASK_MESSAGES.endBeforeStart,
    ]);
  });

  it('list query: defaults, repeated and bracketed arrays', () => {
    const q = taskListQuery.parse({ status: 'MISSED,OPEN', 'status[]': ['OPEN', 'CLOSED'] });
    expect(q).toMatchObject({ page: 1, limit: 10, assignedStatus: 'ALL', orderByKey: 'createdAt', orderByValue: 'desc', status: ['MISSED', 'OPEN', 'CLOSED'] });
    expect(taskListQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(taskListQuery.safeParse({ status: 'NOPE' }).success).toBe(false);
  });

  it('task number search accepts #, T- and digits only', () => {
    expect(['1042', '#1042', 't-1042', 'T1042'].map(taskNumberSearchDigits)).toEqual(['1042', '1042', '1042', '1042']);
    expect(taskNumberSearchDigits('pump')).toBeNull();
  });

  it('default end is start + 2 hours', () => expect(defaultExpectedEnd('2026-11-21T23:30:00.000Z')).toBe('2026-11-22T01:30:00.000Z'));
});

describe('status bounds in the tenant zone', () => {
  it('gives the zone day around now, across a DST change', () => {
    expect(statusBounds(new Date('2026-11-21T15:00:00Z'), 'America/New_York')).toEqual({
      now: '2026-11-21T15:00:00.000Z',
      startOfToday: '2026-11-21T05:00:00.000Z',
      startOfTomorrow: '2026-11-22T05:00:00.000Z',
    });
    // 1 Nov 2026: New York falls back, the day is 25 hours long.
    expect(statusBounds(new Date('2026-11-01T12:00:00Z'), 'America/New_York')).toMatchObject({
      startOfToday: '2026-11-01T04:00:00.000Z',
      startOfTomorrow: '2026-11-02T05:00:00.000Z',
    });
    expect(statusBounds(new Date('2026-11-21T20:00:00Z'), 'Asia/Kolkata')).toMatchObject({ startOfToday: '2026-11-21T18:30:00.000Z' });
  });
});

describe('job task counts', () => {
  const NOW = new Date('2026-11-21T15:00:00Z');
  const t = (o: Partial<TaskFacts>): TaskFacts => ({
    lifecycle: 'OPEN',
    startDateTime: '2026-11-21T14:00:00Z',
    expectedEndDateTime: '2026-11-21T16:00:00Z',
    assignedTo: 'TECHNICIAN',
    ...o,
  });
  it('counts unfinished as open, missed as overdue, ignores cancelled', () => {
    const tasks = [
      t({}),
      t({ expectedEndDateTime: '2026-11-21T14:30:00Z' }),
      t({ lifecycle: 'CLOCKED_IN' }),
      t({ lifecycle: 'CLOSED' }),
      t({ lifecycle: 'CANCELLED' }),
    ];
    expect(deriveTaskStatus(tasks[1]!, NOW, 'UTC')).toBe('MISSED');
    expect(countJobTasks(tasks, NOW, 'UTC')).toEqual({ total: 4, open: 3, overdue: 1, closed: 1, clockedIn: 1, clockedOut: 0 });
  });
});

describe('task edit rule', () => {
  it.each([
    ['Admin', 'fullAccess', 'OPEN', 'OPEN', true, true],
    ['Staff', 'partialAccess', 'CLOCKED_IN', 'OPEN', true, true],
    ['Staff', 'onlyViewAccess', 'OPEN', 'OPEN', false, false],
    ['Technician', 'noAccess', 'OPEN', 'OPEN', false, false],
    ['Admin', 'fullAccess', 'CLOSED', 'OPEN', true, false],
    ['Admin', 'fullAccess', 'OPEN', 'CLOSED', true, false],
  ] as const)('%s %s on a %s task of a %s job: visible %s, allowed %s', (role, access, lifecycle, jobStatus, visible, allowed) => {
    expect(taskEditState({ role, access }, { lifecycle }, { status: jobStatus })).toMatchObject({ visible, allowed });
  });
});
