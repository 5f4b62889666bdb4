import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SchedulerItem } from '@fieldwork/domain/scheduling/scheduling.schemas';
import type { Task } from '@fieldwork/domain/tasks/tasks.schemas';
import { makeSession, renderApp } from '../../test-utils';
import { TASK_ID, TECH_ID, task } from '../../shared/tasks/test-fixtures';

const ENTRY: SchedulerItem = {
  id: TASK_ID,
  taskNumber: 2001,
  name: 'Replace valve',
  startTime: '2026-11-25T14:00:00.000Z',
  endTime: '2026-11-25T16:00:00.000Z',
  assignedTo: { id: TECH_ID, type: 'TECHNICIAN' },
  status: 'UPCOMING',
  displayStatus: 'Upcoming',
  job: { id: 'j1', jobNumber: 1042 },
  customer: { id: 'c1', name: 'Northwind Plumbing' },
  scheduleId: 's1',
  scheduleVersion: 1,
  plan: null,
};
const TEAM = [{ id: TECH_ID, name: 'Tom Technician', type: 'TECHNICIAN', tags: [], zones: [], profilePictureUrl: null }];
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The API of the scheduler; the task detail answers when the test says so, to see the loading state. */
function mockScheduler(detail: Task | null = task({ estimateCount: 3, estimateReceivedCount: 1, invoiceCount: 2 })) {
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  let hold = false;
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/schedule') return json(200, { data: { tasks: [ENTRY], timeOff: [] } });
    if (url.pathname === '/api/tasks/team') return json(200, { items: TEAM, meta: { page: 1, limit: 100, total: 1, totalPages: 1 } });
    if (url.pathname.startsWith('/api/tasks/') && url.pathname.split('/').length === 4) {
      if (hold) await held;
      return detail && url.pathname.endsWith(detail.id)
        ? json(200, { data: detail })
        : json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Task not found' });
    }
    return json(200, { data: { items: [] }, items: [], meta: { page: 1, limit: 10, total: 0, totalPages: 0 } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    holdDetail: () => (hold = true),
    release: () => release(),
  };
}

const PAGE = '/workorder/scheduler/calendar';

describe('scheduler page', { timeout: 20_000 }, () => {
  it('opens on the month, keeps view and date in the URL, and says so when no view is selected', async () => {
    mockScheduler();
    const user = userEvent.setup();
    const { router } = renderApp(`${PAGE}?date=2026-11-25`, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('November 2026')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ date: '2026-10-25' }));
    await user.click(screen.getByRole('radio', { name: 'Week' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ view: 'week' }));
    await user.click(screen.getByRole('radio', { name: 'Week' }));
    expect(await screen.findByText('No views were selected')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Day' }));
    expect(screen.queryByText('No views were selected')).toBeNull();
    expect(screen.getByText('25 October 2026')).toBeTruthy();
  });

  it('previews a task: loading text, then the assignee, schedule and the office’s estimate and invoice cards', async () => {
    const api = mockScheduler();
    api.holdDetail();
    renderApp(`${PAGE}?view=week&date=2026-11-25`, makeSession('Admin', 'fullAccess'));
    const entry = await screen.findByRole('button', { name: /Task #2001 Replace valve/ });
    fireEvent.keyDown(entry, { key: 'Enter' });
    const drawer = await screen.findByRole('dialog', { name: '#2001 Replace valve' });
    expect(within(drawer).getByText('Loading task details...')).toBeTruthy();
    api.release();
    expect(await within(drawer).findByText('Tom Technician (Technician)')).toBeTruthy();
    expect(within(drawer).getByText('25 Nov, 9:00 AM - 25 Nov, 11:00 AM')).toBeTruthy();
    expect(within(within(drawer).getByRole('region', { name: 'Estimates' })).getByText('3')).toBeTruthy();
    expect(within(drawer).getByRole('region', { name: 'Invoices' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Reschedule' })).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'View Task' }).getAttribute('href')).toBe(`/workorder/scheduler/view/${TASK_ID}`);
  });

  it('shows a technician no money cards and no Reschedule', async () => {
    mockScheduler(
      task({
        estimateCount: 3,
        invoiceCount: 2,
        assignedUser: { userId: '00000000-0000-4000-8000-000000000001', username: 'Pat Lee', profileImgThumbnail: null },
      }),
    );
    renderApp(`${PAGE}?view=week&date=2026-11-25`, makeSession('Technician', 'noAccess'));
    fireEvent.keyDown(await screen.findByRole('button', { name: /Task #2001/ }), { key: 'Enter' });
    const drawer = await screen.findByRole('dialog', { name: '#2001 Replace valve' });
    expect(await within(drawer).findByText('Pat Lee (Technician)')).toBeTruthy();
    expect(within(drawer).queryByRole('region', { name: 'Estimates' })).toBeNull();
    expect(within(drawer).queryByRole('region', { name: 'Invoices' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Reschedule' })).toBeNull();
    // Technicians get neither the sidebar nor the scheduling sheets.
    expect(screen.queryByRole('button', { name: /Unscheduled Tasks/ })).toBeNull();
  });

  it('opens ?taskIdToPreview on the task’s day with its preview, then drops the parameter', async () => {
    mockScheduler();
    const { router } = renderApp(`${PAGE}?view=week&taskIdToPreview=${TASK_ID}`, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByRole('dialog', { name: '#2001 Replace valve' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toEqual({ view: 'week', date: '2026-11-25' }));
    expect(screen.getByText('21st Nov – 27th Nov')).toBeTruthy();
  });

  it('says "Task not found" for an unknown taskIdToPreview', async () => {
    mockScheduler();
    const { router } = renderApp(`${PAGE}?taskIdToPreview=missing-id`, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('Task not found')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('warns on the chart that an unscheduled task cannot be drawn, and still previews it', async () => {
    mockScheduler(task({ taskScheduler: null, status: 'UNSCHEDULED', displayStatus: 'Unscheduled' }));
    renderApp(`${PAGE}?board=chart&taskIdToPreview=${TASK_ID}`, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('The target task does not have a scheduled time, so it cannot be displayed on the scheduler chart')).toBeTruthy();
    const drawer = await screen.findByRole('dialog', { name: '#2001 Replace valve' });
    expect(within(drawer).getByText('This task is unscheduled')).toBeTruthy();
  });

  it('gives a phone the agenda grouped by person under one compact toolbar row, and re-schedules from it', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      mockScheduler();
      const user = userEvent.setup();
      const { router } = renderApp(`${PAGE}?date=2026-11-25`, makeSession('Admin', 'fullAccess'));
      const agenda = await screen.findByRole('region', { name: 'Agenda, 25 November 2026' });
      const tom = within(within(agenda).getByRole('region', { name: 'Tom Technician' }));
      const row = tom.getByRole('button', { name: 'Open task #2001 Replace valve' });
      expect(row.textContent).toContain('9:00 AM');
      expect(row.textContent).toContain('Northwind Plumbing');
      // Date navigation and the one view switch share a row.
      const first = screen.getByRole('button', { name: 'Previous' }).parentElement!;
      for (const el of [screen.getByRole('button', { name: 'Next' }), screen.getByLabelText('Go to date'), screen.getByRole('combobox', { name: 'View' })])
        expect(first.contains(el)).toBe(true);
      await user.click(tom.getByRole('button', { name: 'Re-schedule task #2001' }));
      expect(await screen.findByRole('dialog', { name: 'Re-Schedule Task' })).toBeTruthy();
      // Closing the schedule sheet comes back to the task's preview; closing that returns to the agenda.
      await user.keyboard('{Escape}');
      expect(await screen.findByRole('dialog', { name: '#2001 Replace valve' })).toBeTruthy();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await user.selectOptions(screen.getByRole('combobox', { name: 'View' }), 'Week');
      await waitFor(() => expect(router.state.location.search).toMatchObject({ board: 'calendar', view: 'week' }));
    } finally {
      window.innerWidth = width;
    }
  });
});
