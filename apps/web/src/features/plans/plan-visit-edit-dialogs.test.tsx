import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SCHEDULE_MESSAGES } from '@fieldwork/domain/scheduling/scheduling.schemas';
import { TASK_MESSAGES } from '@fieldwork/domain/tasks/tasks.schemas';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { invoicesReply } from '../../shared/billing/list-test-fixtures';
import { PLAN_ID, VISIT_ID, pageOf, pinFixtureDate, planFixture, visitFixture } from '../../shared/plans/test-fixtures';

const TECH_ID = '9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const planRoute = route('GET', `/api/plans/${PLAN_ID}`, { body: { data: planFixture() } });
const visitsRoute = route('GET', `/api/plans/${PLAN_ID}/visits`, { body: pageOf([visitFixture()], 1) });
const techsRoute = route('GET', '/api/tasks/technicians', {
  body: {
    data: {
      items: [
        { userId: TECH_ID, username: 'Tom Technician', profilePictureUrl: null, status: 'AVAILABLE', availability: { startDateTime: null, endDateTime: null } },
      ],
      meta: { total: 1, totalPages: 1, page: 1, limit: 100 },
    },
  },
});
const actionRoute = (reply: { status?: number; body?: unknown } = { body: { data: planFixture({ version: 4 }) } }) =>
  route('POST', `/api/plans/${PLAN_ID}/actions`, reply);
const actionBodies = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/actions') && init?.method === 'POST').map(([, init]) => JSON.parse(String(init!.body)));

async function openDialog(button: string, title: string) {
  renderApp(`/plans/${PLAN_ID}`, makeSession('Admin', 'fullAccess'));
  await userEvent.click(await screen.findByRole('button', { name: `${button} 2027-01-15` }));
  return screen.findByRole('dialog', { name: title });
}

describe('changing a plan’s visits from its page', { timeout: 20_000 }, () => {
  pinFixtureDate();

  it('moves one visit later and gives it to a technician: one this_visit action at the plan’s version', async () => {
    const fetchMock = mockApi(invoicesReply([]), planRoute, visitsRoute, techsRoute, actionRoute());
    const dialog = await openDialog('Change this visit', 'Change this visit');
    // The visit is 8:00–9:00 AM in New York on 15 January 2027; it moves to 10:00 for 90 minutes.
    const hours = within(dialog).getByRole('textbox', { name: 'Start time hours' }) as HTMLInputElement;
    expect(hours.value).toBe('08');
    fireEvent.change(hours, { target: { value: '10' } });
    const duration = within(dialog).getByLabelText('Duration (minutes)', { selector: 'input' });
    expect((duration as HTMLInputElement).value).toBe('60');
    await userEvent.clear(duration);
    await userEvent.type(duration, '90');
    await userEvent.selectOptions(within(dialog).getByLabelText('Assign to', { selector: 'select' }), 'TECHNICIAN');
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Tom Technician/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save visit' }));
    await waitFor(() =>
      expect(actionBodies(fetchMock)).toEqual([
        {
          action: 'this_visit',
          visitId: VISIT_ID,
          startDateTime: '2027-01-15T15:00:00.000Z',
          expectedEndDateTime: '2027-01-15T16:30:00.000Z',
          assignTo: 'TECHNICIAN',
          assignedTechnicianId: TECH_ID,
          assignedSubcontractorId: null,
          version: 3,
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Visit changed')).toBeTruthy();
  });

  it('asks for a technician before sending, and shows the scheduler’s clash refusal in the dialog', async () => {
    const clash = { statusCode: 409, code: 'SCHEDULE_CONFLICT', message: SCHEDULE_MESSAGES.conflictWith(88) };
    const fetchMock = mockApi(invoicesReply([]), planRoute, visitsRoute, techsRoute, actionRoute({ status: 409, body: clash }));
    const dialog = await openDialog('Change this visit', 'Change this visit');
    await userEvent.selectOptions(within(dialog).getByLabelText('Assign to', { selector: 'select' }), 'TECHNICIAN');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save visit' }));
    expect(await within(dialog).findByText(TASK_MESSAGES.technicianRequired)).toBeTruthy();
    expect(actionBodies(fetchMock)).toEqual([]);
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Tom Technician/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save visit' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(SCHEDULE_MESSAGES.conflictWith(88));
    expect(screen.getByRole('dialog', { name: 'Change this visit' })).toBeTruthy();
  });

  it('changes the rule from the visit’s day: the preview follows the new time, and one this_and_following action is sent', async () => {
    const fetchMock = mockApi(invoicesReply([]), planRoute, visitsRoute, actionRoute());
    const dialog = await openDialog('Change this and following', 'Change this and following');
    const from = within(dialog).getByLabelText('Changes from', { selector: 'input' }) as HTMLInputElement;
    expect(from.value).toBe('2027-01-15');
    const time = within(dialog).getByLabelText('Visit time', { selector: 'input' });
    await userEvent.clear(time);
    await userEvent.type(time, '10:30');
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    await waitFor(() => expect(within(preview).getByTestId('plan-rule-words').textContent).toContain('10:30'));
    // The preview lists the new rule's visits from the chosen day: the first is that day itself.
    expect(within(preview).getAllByRole('listitem')[0]!.textContent).toMatch(/Jan 15, 2027.*10:30/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change from this date' }));
    await waitFor(() =>
      expect(actionBodies(fetchMock)).toEqual([
        { action: 'this_and_following', fromDate: '2027-01-15', recurrence: { ...planFixture().recurrence, time: '10:30' }, version: 3 },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens from the keyboard, and Escape gives focus back to the row’s button', async () => {
    mockApi(invoicesReply([]), planRoute, visitsRoute);
    renderApp(`/plans/${PLAN_ID}`, makeSession('Admin', 'fullAccess'));
    (await screen.findByRole('button', { name: 'Change this visit 2027-01-15' })).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Change this visit' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change this visit 2027-01-15' })));
  });

  it('offers no change on a started visit, nor to view-only users', async () => {
    mockApi(invoicesReply([]), planRoute, route('GET', `/api/plans/${PLAN_ID}/visits`, { body: pageOf([visitFixture({ lifecycle: 'CLOCKED_IN' })], 1) }));
    const view = renderApp(`/plans/${PLAN_ID}`, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByRole('link', { name: 'Task #301' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change this visit 2027-01-15' })).toBeNull();
    view.unmount();
    mockApi(invoicesReply([]), planRoute, visitsRoute);
    renderApp(`/plans/${PLAN_ID}`, makeSession('Staff', 'onlyViewAccess'));
    expect(await screen.findByRole('link', { name: 'Task #301' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change this and following 2027-01-15' })).toBeNull();
  });
});
