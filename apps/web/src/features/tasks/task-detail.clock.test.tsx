import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLOCK_MESSAGES } from '@fieldwork/domain/tasks/clock.schemas';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { runningPeriod } from '../../shared/clock/clock-test-utils';
import { JOB_ID } from '../../shared/jobs/test-fixtures';
import { TASK_ID, actions, allowed, refused, task, taskPageReplies } from '../../shared/tasks/test-fixtures';

const URL_ = `/workorder/scheduler/view/${TASK_ID}`;
const bar = async () => within(await screen.findByRole('toolbar', { name: 'Task actions' }));
const clockedIn = { status: 'CLOCKED_IN' as const, lifecycle: 'CLOCKED_IN' as const };

describe('task page clock actions', { timeout: 20_000 }, () => {
  it('shows Clock in as the API says (disabled with the reason when refused) and opens the clock-in dialog', async () => {
    mockApi(...taskPageReplies({ actions: actions({ clockIn: refused('A future task cannot be clocked in.') }) }));
    const first = renderApp(URL_, makeSession('Technician', 'noAccess'));
    const button = (await bar()).getByRole('button', { name: 'Clock in' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe('A future task cannot be clocked in.');
    expect((await bar()).queryByRole('button', { name: 'Clock out' })).toBeNull();
    first.unmount();

    mockApi(...taskPageReplies({ actions: actions({ clockIn: allowed }) }));
    renderApp(URL_, makeSession('Technician', 'noAccess'));
    await userEvent.click((await bar()).getByRole('button', { name: 'Clock in' }));
    expect(await screen.findByRole('dialog', { name: 'Clock in' })).toBeTruthy();
    expect(screen.getByText(CLOCK_MESSAGES.vehicleQuestion)).toBeTruthy();
  });

  it('shows Clock out and the ticking timer while clocked in; clocking out offers "Add Costs", which opens the costs page', async () => {
    mockApi(
      ...taskPageReplies({ ...clockedIn, actions: actions({ clockOut: allowed, elapsedTime: allowed }) }, [
        runningPeriod({ startTime: new Date(Date.now() - 3_600_000).toISOString() }),
      ]),
      route('POST', '/api/tasks/clock-out', { body: { data: task({ status: 'CLOCKED_OUT' }) } }),
    );
    const { router } = renderApp(URL_, makeSession('Technician', 'noAccess'));
    const b = await bar();
    expect(b.queryByRole('button', { name: 'Clock in' })).toBeNull();
    expect(await b.findByText(/Time Elapsed - Clocked-in Task/)).toBeTruthy();
    expect(b.getByText(/^1h 0m \ds$/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(b.getByRole('button', { name: 'Clock out' }));
    const form = within(await screen.findByRole('dialog', { name: 'Clock out' }));
    expect(form.queryByLabelText('End date')).toBeNull();
    await user.type(await form.findByLabelText(/Description/), 'Done');
    await user.click(form.getByRole('button', { name: 'Clock out' }));
    const ask = within(await screen.findByRole('dialog', { name: CLOCK_MESSAGES.clockOutSuccess }));
    await user.click(ask.getByRole('button', { name: CLOCK_MESSAGES.addCosts }));
    await waitFor(() => expect(router.state.location.href).toBe(`/workorder/task-details/actual-costs?taskId=${TASK_ID}&jobId=${JOB_ID}`));
  });

  it('gives a full-access non-assignee the adjustment notice, with both ways out', async () => {
    mockApi(...taskPageReplies({ ...clockedIn, actions: actions({ clockOut: allowed, adjustmentPopup: allowed, elapsedTime: allowed }) }, [runningPeriod()]));
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    const notice = within(await screen.findByRole('region', { name: 'Clocked in' }));
    expect(notice.getByText(/Tom Technician is clocked in on this task since/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(notice.getByRole('button', { name: 'Adjust clock-in' }));
    expect(await screen.findByRole('dialog', { name: 'Adjust clock-in' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(notice.getByRole('button', { name: 'Clock out on their behalf' }));
    const form = within(await screen.findByRole('dialog', { name: 'Clock out' }));
    expect(((await form.findByLabelText('End date')) as HTMLInputElement).disabled).toBe(false);
  });

  it('shows no notice and no timer where the API hides them (e.g. a subcontractor)', async () => {
    mockApi(...taskPageReplies({ ...clockedIn, actions: actions({ clockOut: allowed }) }, [runningPeriod()]));
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    await bar();
    expect(screen.queryByRole('region', { name: 'Clocked in' })).toBeNull();
    expect(screen.queryByText(/Time Elapsed/)).toBeNull();
  });
});
