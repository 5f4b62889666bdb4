import { describe, expect, it } from 'vitest';
import { isGatedTaskAction, mayActOnTask, mayEditTasks, taskActions, type ActionState, type TaskAction, type TaskForRules } from './task-actions.rules.ts';
import type { AccessLevel } from '../access/roles.rules.ts';
import { deriveTaskStatus } from './task-status.rules.ts';

const NOW = new Date('2026-11-21T15:00:00Z'); // 10:00 in New York
const NY = 'America/New_York';
const at = (local: string) => new Date(new Date(local + 'Z').getTime() + 5 * 3_600_000).toISOString();
const TODAY = { startDateTime: at('2026-11-21T09:00:00'), expectedEndDateTime: at('2026-11-21T11:00:00') };
const LATER_TODAY = { startDateTime: at('2026-11-21T13:00:00'), expectedEndDateTime: at('2026-11-21T15:00:00') };
const TOMORROW = { startDateTime: at('2026-11-22T09:00:00'), expectedEndDateTime: at('2026-11-22T11:00:00') };
const YESTERDAY = { startDateTime: at('2026-11-20T09:00:00'), expectedEndDateTime: at('2026-11-20T11:00:00') };
const MULTI_DAY = { startDateTime: at('2026-11-20T09:00:00'), expectedEndDateTime: at('2026-11-22T17:00:00') };

const v = (userId: string, role: string, access: AccessLevel) => ({ userId, role, access });
const ADMIN = v('admin', 'Admin', 'fullAccess');
const FULL_STAFF = v('full', 'Staff', 'fullAccess');
const PARTIAL = v('partial', 'Staff', 'partialAccess');
const VIEW = v('view', 'Staff', 'onlyViewAccess');
const NONE = v('none', 'Staff', 'noAccess');
const TECH = v('tech', 'Technician', 'noAccess');
const OTHER_TECH = v('tech2', 'Technician', 'noAccess');
const SUB = v('sub', 'SubContractor', 'noAccess');

const task = (o: Partial<TaskForRules> = {}): TaskForRules => ({
  lifecycle: 'OPEN',
  ...TODAY,
  assignedTo: 'TECHNICIAN',
  assignedUserId: 'tech',
  assignedSubcontractorUserId: null,
  estimateCount: 0,
  invoiceCount: 0,
  ...o,
});
const SUB_TASK = { assignedTo: 'SUBCONTRACTOR' as const, assignedUserId: null, assignedSubcontractorUserId: 'sub' };
const show = (s: ActionState) => (s.visible ? (s.allowed ? 'allowed' : 'disabled') : 'hidden');
const act = (viewer: typeof ADMIN, t: TaskForRules, action: TaskAction, job: 'OPEN' | 'CLOSED' | 'CANCELLED' = 'OPEN') =>
  show(taskActions(viewer, t, { status: job }, NOW, NY)[action]);

describe('clock-in', () => {
  it.each([
    ['OPEN today, assignee', TECH, task(), 'allowed'],
    ['AWAITING_START today', TECH, task(LATER_TODAY), 'allowed'],
    ['MISSED today (end passed)', TECH, task({ startDateTime: at('2026-11-21T07:00:00'), expectedEndDateTime: at('2026-11-21T09:00:00') }), 'allowed'],
    ['CLOCKED_OUT today', TECH, task({ lifecycle: 'CLOCKED_OUT' }), 'allowed'],
    ['hidden for UPCOMING', TECH, task(TOMORROW), 'hidden'],
    ['future but clocked out earlier: shown disabled', TECH, task({ ...TOMORROW, lifecycle: 'CLOCKED_OUT' }), 'disabled'],
    ['not for CLOCKED_IN, CLOSED, CANCELLED', TECH, task({ lifecycle: 'CLOSED' }), 'hidden'],
    ['not for unscheduled', ADMIN, task({ startDateTime: null, expectedEndDateTime: null }), 'hidden'],
    ['past multi-day task still OPEN: the assignee may', TECH, task(MULTI_DAY), 'allowed'],
    ['past multi-day task: full access may', ADMIN, task(MULTI_DAY), 'allowed'],
    ['past and missed: refused', TECH, task(YESTERDAY), 'disabled'],
    ['past and clocked out: refused', ADMIN, task({ ...YESTERDAY, lifecycle: 'CLOCKED_OUT' }), 'disabled'],
    ['hidden for subcontractor viewers', SUB, task({ ...SUB_TASK }), 'hidden'],
    ['hidden for subcontractor-assigned tasks, even to admins', ADMIN, task({ ...SUB_TASK }), 'hidden'],
    ['another technician: off', OTHER_TECH, task(), 'hidden'],
    ['partial staff, not assignee: off', PARTIAL, task(), 'hidden'],
    ['full-access staff who is not the assignee: allowed', FULL_STAFF, task(), 'allowed'],
  ] as const)('%s -> %s', (_l, viewer, t, expected) => expect(act(viewer, t, 'clockIn')).toBe(expected));
});

describe('clock-out, close, cancel (delete), reopen', () => {
  it.each([
    ['clock-out only while clocked in', 'clockOut', TECH, task({ lifecycle: 'CLOCKED_IN' }), 'OPEN', 'allowed'],
    ['clock-out hidden otherwise', 'clockOut', TECH, task(), 'OPEN', 'hidden'],
    ['close when OPEN', 'close', TECH, task(), 'OPEN', 'allowed'],
    ['close when CLOCKED_OUT', 'close', TECH, task({ lifecycle: 'CLOCKED_OUT' }), 'OPEN', 'allowed'],
    ['close hidden when AWAITING_START', 'close', TECH, task(LATER_TODAY), 'OPEN', 'hidden'],
    ['past clocked-out task of someone else: full access may close', 'close', ADMIN, task({ ...YESTERDAY, lifecycle: 'CLOCKED_OUT' }), 'OPEN', 'allowed'],
    ['past clocked-out task: its assignee may close', 'close', TECH, task({ ...YESTERDAY, lifecycle: 'CLOCKED_OUT' }), 'OPEN', 'allowed'],
    ['delete when AWAITING_START', 'cancel', ADMIN, task(LATER_TODAY), 'OPEN', 'allowed'],
    ['delete when UPCOMING', 'cancel', ADMIN, task(TOMORROW), 'OPEN', 'allowed'],
    ['delete when MISSED', 'cancel', ADMIN, task(YESTERDAY), 'OPEN', 'allowed'],
    ['no delete when OPEN', 'cancel', ADMIN, task(), 'OPEN', 'hidden'],
    ['no delete when CLOCKED_IN', 'cancel', ADMIN, task({ lifecycle: 'CLOCKED_IN' }), 'OPEN', 'hidden'],
    ['no delete when CLOCKED_OUT', 'cancel', ADMIN, task({ lifecycle: 'CLOCKED_OUT' }), 'OPEN', 'hidden'],
    ['no delete when CLOSED or CANCELLED (cancelled is final)', 'cancel', ADMIN, task({ lifecycle: 'CANCELLED' }), 'OPEN', 'hidden'],
    ['no delete when unscheduled', 'cancel', ADMIN, task({ startDateTime: null, expectedEndDateTime: null }), 'OPEN', 'hidden'],
    ['no delete when unassigned', 'cancel', ADMIN, task({ assignedTo: 'NONE', assignedUserId: null }), 'OPEN', 'hidden'],
    ['reopen a closed task of today on an open job', 'reopen', ADMIN, task({ lifecycle: 'CLOSED' }), 'OPEN', 'allowed'],
    ['reopen: the assignee too', 'reopen', TECH, task({ lifecycle: 'CLOSED' }), 'OPEN', 'allowed'],
    ['reopen refused when the job is closed', 'reopen', ADMIN, task({ lifecycle: 'CLOSED' }), 'CLOSED', 'disabled'],
    ['reopen refused for a task of another day', 'reopen', ADMIN, task({ ...YESTERDAY, lifecycle: 'CLOSED' }), 'OPEN', 'disabled'],
    ['reopen hidden unless closed', 'reopen', ADMIN, task(), 'OPEN', 'hidden'],
    ['view-only cannot reopen', 'reopen', VIEW, task({ lifecycle: 'CLOSED' }), 'OPEN', 'hidden'],
  ] as const)('%s', (_l, action, viewer, t, job, expected) => expect(act(viewer, t, action, job)).toBe(expected));
});

describe('adjustment popup, costs, invoices, estimates, elapsed time', () => {
  it.each([
    [
      'adjustment popup: clocked-in task seen by a non-assignee full-access user',
      'adjustmentPopup',
      ADMIN,
      task({ lifecycle: 'CLOCKED_IN' }),
      'OPEN',
      'allowed',
    ],
    ['no adjustment popup for the assignee', 'adjustmentPopup', TECH, task({ lifecycle: 'CLOCKED_IN' }), 'OPEN', 'hidden'],
    ['add cost when clocked in', 'addCost', TECH, task({ lifecycle: 'CLOCKED_IN' }), 'CLOSED', 'allowed'],
    ['add cost when the job is open', 'addCost', ADMIN, task(TOMORROW), 'OPEN', 'allowed'],
    ['no add cost when unassigned', 'addCost', ADMIN, task({ assignedTo: 'NONE', assignedUserId: null }), 'OPEN', 'hidden'],
    ['no add cost when cancelled', 'addCost', ADMIN, task({ lifecycle: 'CANCELLED' }), 'OPEN', 'hidden'],
    ['no add cost on a subcontractor task', 'addCost', ADMIN, task({ ...SUB_TASK }), 'OPEN', 'hidden'],
    ['no add cost for subcontractor viewers', 'addCost', SUB, task({ ...SUB_TASK, lifecycle: 'CLOCKED_IN' }), 'OPEN', 'hidden'],
    ['view cost when the task and the job are closed', 'viewCost', ADMIN, task({ lifecycle: 'CLOSED' }), 'CLOSED', 'allowed'],
    ['no view cost while the job is open', 'viewCost', ADMIN, task({ lifecycle: 'CLOSED' }), 'OPEN', 'hidden'],
    ['no view cost for subcontractors', 'viewCost', SUB, task({ ...SUB_TASK, lifecycle: 'CLOSED' }), 'CLOSED', 'hidden'],
    [
      'view invoices: subcontractor task with estimates and no invoices, for the subcontractor',
      'viewInvoices',
      SUB,
      task({ ...SUB_TASK, estimateCount: 1 }),
      'OPEN',
      'allowed',
    ],
    ['view invoices: same for an admin', 'viewInvoices', ADMIN, task({ ...SUB_TASK, estimateCount: 2 }), 'OPEN', 'allowed'],
    ['no view invoices once invoices exist', 'viewInvoices', ADMIN, task({ ...SUB_TASK, estimateCount: 1, invoiceCount: 1 }), 'OPEN', 'hidden'],
    ['no view invoices on technician tasks', 'viewInvoices', ADMIN, task({ estimateCount: 1 }), 'OPEN', 'hidden'],
    ['view estimates: invoices counted but no estimates', 'viewEstimates', SUB, task({ ...SUB_TASK, invoiceCount: 1 }), 'OPEN', 'allowed'],
    ['elapsed time for a technician on a clocked-in task', 'elapsedTime', TECH, task({ lifecycle: 'CLOCKED_IN' }), 'OPEN', 'allowed'],
    ['subcontractors never see the elapsed time', 'elapsedTime', SUB, task({ ...SUB_TASK, lifecycle: 'CLOCKED_IN' }), 'OPEN', 'hidden'],
  ] as const)('%s', (_l, action, viewer, t, job, expected) => expect(act(viewer, t, action, job)).toBe(expected));
});

describe('add a note or a photo to the task (on its job)', () => {
  const reason = (viewer: typeof ADMIN, t: TaskForRules, action: 'addNote' | 'addPhoto', job: 'OPEN' | 'CLOSED' | 'CANCELLED' = 'OPEN') =>
    taskActions(viewer, t, { status: job }, NOW, NY)[action].reason;
  it.each([
    ['the technician assignee, task open today', TECH, task(), 'OPEN', 'allowed'],
    ['the assignee while clocked in', TECH, task({ lifecycle: 'CLOCKED_IN' }), 'OPEN', 'allowed'],
    ['the assignee on a clocked-out task', TECH, task({ lifecycle: 'CLOCKED_OUT' }), 'OPEN', 'allowed'],
    ['the assignee on a task of another day', TECH, task(TOMORROW), 'OPEN', 'allowed'],
    ['an unscheduled task: full access', ADMIN, task({ startDateTime: null, expectedEndDateTime: null }), 'OPEN', 'allowed'],
    ['an unassigned task: full access', ADMIN, task({ assignedTo: 'NONE', assignedUserId: null }), 'OPEN', 'allowed'],
    ['full-access staff who is not the assignee', FULL_STAFF, task(), 'OPEN', 'allowed'],
    ['the linked subcontractor login on its task', SUB, task(SUB_TASK), 'OPEN', 'allowed'],
    ['another subcontractor login', v('sub2', 'SubContractor', 'noAccess'), task(SUB_TASK), 'OPEN', 'hidden'],
    ['another technician', OTHER_TECH, task(), 'OPEN', 'hidden'],
    ['partial office access, not assignee', PARTIAL, task(), 'OPEN', 'hidden'],
    ['view-only office access', VIEW, task(), 'OPEN', 'hidden'],
    ['no-access office user', NONE, task(), 'OPEN', 'hidden'],
    ['a closed task: shown, refused', TECH, task({ lifecycle: 'CLOSED' }), 'OPEN', 'disabled'],
    ['a cancelled task: shown, refused', ADMIN, task({ lifecycle: 'CANCELLED' }), 'OPEN', 'disabled'],
    ['a closed job: shown, refused', TECH, task(), 'CLOSED', 'disabled'],
    ['a cancelled job: shown, refused', ADMIN, task(), 'CANCELLED', 'disabled'],
  ] as const)('%s -> %s', (_l, viewer, t, job, expected) => {
    expect(act(viewer, t, 'addNote', job)).toBe(expected);
    expect(act(viewer, t, 'addPhoto', job)).toBe(expected);
  });
  it('says why it is refused', () => {
    expect(reason(TECH, task({ lifecycle: 'CLOSED' }), 'addNote')).toBe('This task is closed or cancelled; notes and photos can no longer be added.');
    expect(reason(TECH, task(), 'addPhoto', 'CLOSED')).toBe('The job is closed or cancelled; notes and photos can no longer be added.');
    expect(reason(TECH, task(), 'addNote')).toBeNull();
  });
  it('is gated like every changing action', () => {
    expect(isGatedTaskAction('addNote') && isGatedTaskAction('addPhoto')).toBe(true);
  });
});

describe('role gate', () => {
  it('turns every action off for no-access office users', () => {
    const all = taskActions(NONE, task({ lifecycle: 'CLOSED' }), { status: 'CLOSED' }, NOW, NY);
    expect(Object.values(all).every((s) => !s.visible)).toBe(true);
  });
  it('turns every changing action off for a non-assignee without full access', () => {
    for (const viewer of [PARTIAL, VIEW, OTHER_TECH]) {
      const all = taskActions(viewer, task({ lifecycle: 'CLOCKED_IN' }), { status: 'OPEN' }, NOW, NY);
      for (const action of ['clockIn', 'clockOut', 'close', 'cancel', 'reopen', 'adjustmentPopup', 'addCost'] as const)
        expect(all[action].visible, `${viewer.role} ${action}`).toBe(false);
    }
  });
  it('decides who may act from the viewer and the assignee alone, the same for every state and hour', () => {
    const t = task();
    expect([ADMIN, FULL_STAFF, TECH].map((viewer) => mayActOnTask(viewer, t))).toEqual([true, true, true]);
    expect([PARTIAL, VIEW, NONE, OTHER_TECH, SUB].map((viewer) => mayActOnTask(viewer, t))).toEqual([false, false, false, false, false]);
    expect(mayActOnTask(SUB, task(SUB_TASK))).toBe(true);
    expect([ADMIN, FULL_STAFF, PARTIAL, VIEW, NONE, TECH, SUB].map(mayEditTasks)).toEqual([true, true, true, false, false, false, false]);
    expect(['cancel', 'close', 'addCost'].every((a) => isGatedTaskAction(a as TaskAction))).toBe(true);
    expect(['viewCost', 'elapsedTime'].some((a) => isGatedTaskAction(a as TaskAction))).toBe(false);
  });
  it('recognises the subcontractor assignee through the linked login', () => {
    const t = task({ ...SUB_TASK, lifecycle: 'CLOCKED_OUT' });
    expect(act(SUB, t, 'close')).toBe('allowed');
    expect(act(v('sub2', 'SubContractor', 'noAccess'), t, 'close')).toBe('hidden');
  });
});

describe('clock-in, every role × date category × status', () => {
  // The spec's rule written out as a table lookup, independently of the implementation's shape.
  const WHEN = {
    past: YESTERDAY,
    pastLong: MULTI_DAY,
    today: TODAY,
    laterToday: LATER_TODAY,
    future: TOMORROW,
    unscheduled: { startDateTime: null, expectedEndDateTime: null },
  } as const;
  const VIEWERS = { ADMIN, FULL_STAFF, PARTIAL, VIEW, NONE, TECH, OTHER_TECH, SUB } as const;
  const LIFECYCLES = ['OPEN', 'CLOCKED_IN', 'CLOCKED_OUT', 'CLOSED', 'CANCELLED'] as const;
  const ASSIGNEES = { tech: {}, sub: SUB_TASK, none: { assignedTo: 'NONE' as const, assignedUserId: null } } as const;

  function expected(viewerName: keyof typeof VIEWERS, t: TaskForRules): string {
    const viewer = VIEWERS[viewerName];
    const status: string = deriveTaskStatus(t, NOW, NY);
    const subViewer = viewer.role === 'SubContractor';
    if (subViewer || t.assignedTo === 'SUBCONTRACTOR' || status === 'UPCOMING') return 'hidden';
    // Scheduled = a start and an assignee (spec: "a task with no assignee or no start is unscheduled").
    if (!t.startDateTime || t.assignedTo === 'NONE' || !['OPEN', 'AWAITING_START', 'MISSED', 'CLOCKED_OUT'].includes(status)) return 'hidden';
    const assignee = t.assignedTo === 'TECHNICIAN' && t.assignedUserId === viewer.userId;
    const full = viewer.access === 'fullAccess' && viewer.role !== 'Technician';
    if (!assignee && !full) return 'hidden';
    const day = (iso: string) => iso.slice(0, 10);
    const startDay = day(new Date(new Date(t.startDateTime).getTime() - 5 * 3_600_000).toISOString());
    const today = '2026-11-21';
    if (startDay > today) return 'disabled';
    if (startDay < today) {
      const fieldNonAssignee = (viewer.role === 'Technician' || viewer.role === 'SubContractor') && !assignee;
      return fieldNonAssignee || ['CLOCKED_OUT', 'MISSED', 'AWAITING_START'].includes(status) ? 'disabled' : 'allowed';
    }
    return 'allowed';
  }

  it('matches the spec for all 8 viewers × 6 date cases × 5 lifecycles × 3 assignee kinds', () => {
    let checked = 0;
    for (const viewerName of Object.keys(VIEWERS) as (keyof typeof VIEWERS)[])
      for (const when of Object.values(WHEN))
        for (const lifecycle of LIFECYCLES)
          for (const who of Object.values(ASSIGNEES)) {
            const t = task({ ...when, lifecycle, ...who });
            expect(act(VIEWERS[viewerName], t, 'clockIn'), `${viewerName} ${lifecycle} ${t.startDateTime} ${t.assignedTo}`).toBe(expected(viewerName, t));
            checked += 1;
          }
    expect(checked).toBe(8 * 6 * 5 * 3);
  });
});
