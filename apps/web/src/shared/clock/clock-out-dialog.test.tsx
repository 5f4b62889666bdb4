import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLOCK_MESSAGES } from '@fieldwork/domain/tasks/clock.schemas';
import { makeSession, mockApi, route } from '../../test-utils';
import { JOB_ID } from '../jobs/test-fixtures';
import { TASK_ID, task } from '../tasks/test-fixtures';
import { ClockOutDialog } from './clock-out-dialog';
import { bodiesSent, clockActivitiesReply, renderWithSession, RUNNING_ID, runningPeriod } from './clock-test-utils';

const ok = route('POST', '/api/tasks/clock-out', { body: { data: task({ status: 'CLOCKED_OUT' }) } });
const closed = {
  id: 'done',
  startTime: '2026-11-20T13:00:00.000Z',
  endTime: '2026-11-20T14:00:00.000Z',
  description: 'x',
  user: null,
  vehicle: null,
  assistants: [],
};

function open(session = makeSession('Admin', 'fullAccess'), onDone = vi.fn()) {
  const onOpenChange = vi.fn();
  const view = renderWithSession(<ClockOutDialog task={task()} open onOpenChange={onOpenChange} onDone={onDone} />, session);
  return { ...view, user: userEvent.setup(), onOpenChange, onDone, dialog: () => within(screen.getByRole('dialog', { name: 'Clock out' })) };
}

describe('ClockOutDialog', { timeout: 20_000 }, () => {
  it('requires a description (button disabled until one is typed), focused first', async () => {
    mockApi(clockActivitiesReply([closed, runningPeriod()]), ok);
    const { dialog, user } = open();
    const description = await dialog().findByLabelText(/Description/);
    await waitFor(() => expect(document.activeElement).toBe(description));
    const submit = dialog().getByRole('button', { name: 'Clock out' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.type(description, '   ');
    expect(submit.disabled).toBe(true);
    await user.type(description, 'Fixed');
    expect(submit.disabled).toBe(false);
  });

  it('hides the end for a technician and lets the server use now; Enter submits', async () => {
    const fetchMock = mockApi(clockActivitiesReply([runningPeriod()]), ok);
    const { dialog, user, onDone } = open(makeSession('Technician', 'noAccess'));
    await user.type(await dialog().findByLabelText(/Description/), ' Replaced the valve {Enter}');
    expect(await screen.findByText(CLOCK_MESSAGES.clockOutToast)).toBeTruthy();
    expect(bodiesSent(fetchMock, '/api/tasks/clock-out', 'POST')).toEqual([
      { taskId: TASK_ID, taskActivityId: RUNNING_ID, jobId: JOB_ID, description: 'Replaced the valve' },
    ]);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('shows the end read-only for partial access and editable for full access', async () => {
    mockApi(clockActivitiesReply([runningPeriod()]), ok);
    const partial = open(makeSession('Staff', 'partialAccess'));
    expect(((await partial.dialog().findByLabelText('End date')) as HTMLInputElement).disabled).toBe(true);
    expect((partial.dialog().getByLabelText('End time') as HTMLInputElement).disabled).toBe(true);
    expect((partial.dialog().getByLabelText('End date') as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    partial.unmount();
    const full = open();
    expect(((await full.dialog().findByLabelText('End date')) as HTMLInputElement).disabled).toBe(false);
    expect((full.dialog().getByLabelText('End time') as HTMLInputElement).disabled).toBe(false);
  });

  it('refuses an end in the future with the domain message and sends nothing', async () => {
    const fetchMock = mockApi(clockActivitiesReply([runningPeriod()]), ok);
    const { dialog, user } = open();
    await user.type(await dialog().findByLabelText(/Description/), 'Done');
    fireEvent.change(dialog().getByLabelText('End date'), { target: { value: '2099-01-01' } });
    await user.click(dialog().getByRole('button', { name: 'Clock out' }));
    expect(await dialog().findByText(CLOCK_MESSAGES.endInFuture)).toBeTruthy();
    expect(bodiesSent(fetchMock, '/api/tasks/clock-out', 'POST')).toHaveLength(0);
  });

  it('sends the end a full-access user set', async () => {
    const fetchMock = mockApi(clockActivitiesReply([runningPeriod({ startTime: '2020-01-01T10:00:00.000Z' })]), ok);
    const { dialog, user } = open();
    await user.type(await dialog().findByLabelText(/Description/), 'Done');
    fireEvent.change(dialog().getByLabelText('End date'), { target: { value: '2020-01-01' } });
    fireEvent.change(dialog().getByLabelText('End time'), { target: { value: '14:30' } });
    await user.click(dialog().getByRole('button', { name: 'Clock out' }));
    await screen.findByText(CLOCK_MESSAGES.clockOutToast);
    // The company's zone is America/New_York (UTC-5 in January).
    expect(bodiesSent(fetchMock, '/api/tasks/clock-out', 'POST')).toEqual([
      { taskId: TASK_ID, taskActivityId: RUNNING_ID, jobId: JOB_ID, description: 'Done', endDateTime: '2020-01-01T19:30:00.000Z' },
    ]);
  });

  it('on success closes and asks about costs, with the two answers', async () => {
    mockApi(clockActivitiesReply([runningPeriod()]), ok);
    // A parent that really closes the form when asked: the question must outlive it.
    function Parent() {
      const [isOpen, setOpen] = useState(true);
      return <ClockOutDialog task={task()} open={isOpen} onOpenChange={setOpen} />;
    }
    renderWithSession(<Parent />);
    const user = userEvent.setup();
    const form = within(screen.getByRole('dialog', { name: 'Clock out' }));
    await user.type(await form.findByLabelText(/Description/), 'Done');
    await user.click(form.getByRole('button', { name: 'Clock out' }));
    const ask = within(await screen.findByRole('dialog', { name: CLOCK_MESSAGES.clockOutSuccess }));
    expect(screen.queryByRole('dialog', { name: 'Clock out' })).toBeNull();
    expect(ask.getByRole('button', { name: CLOCK_MESSAGES.addCosts })).toBeTruthy();
    await user.click(ask.getByRole('button', { name: CLOCK_MESSAGES.clockOutLater }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('toasts the failure and stays open', async () => {
    mockApi(
      clockActivitiesReply([runningPeriod()]),
      route('POST', '/api/tasks/clock-out', { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'boom' } }),
    );
    const { dialog, user, onOpenChange } = open();
    await user.type(await dialog().findByLabelText(/Description/), 'Done');
    await user.click(dialog().getByRole('button', { name: 'Clock out' }));
    expect(await screen.findByText(CLOCK_MESSAGES.clockOutFailedTitle)).toBeTruthy();
    expect(screen.getByText(CLOCK_MESSAGES.clockOutFailed)).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("shows the server's reason for a refused input (400)", async () => {
    mockApi(
      clockActivitiesReply([runningPeriod()]),
      route('POST', '/api/tasks/clock-out', { status: 400, body: { statusCode: 400, code: 'VALIDATION_FAILED', message: [CLOCK_MESSAGES.endBeforeStart] } }),
    );
    const { dialog, user } = open();
    await user.type(await dialog().findByLabelText(/Description/), 'Done');
    await user.click(dialog().getByRole('button', { name: 'Clock out' }));
    expect(await screen.findByText(CLOCK_MESSAGES.endBeforeStart)).toBeTruthy();
  });

  it('says "Something went wrong, Please try again!" when the running period cannot be loaded', async () => {
    mockApi(route('GET', `/api/tasks/${TASK_ID}/activities`, { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'x' } }));
    const { dialog } = open();
    expect(await dialog().findByText(CLOCK_MESSAGES.activityLoadFailed)).toBeTruthy();
    expect((dialog().getByRole('button', { name: 'Clock out' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
