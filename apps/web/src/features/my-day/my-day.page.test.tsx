import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shiftDay, type MyDayTask } from '@fieldwork/domain/tasks/my-day.schemas';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { actions, allowed, refused, task } from '../../shared/tasks/test-fixtures';
import { MY_DAY_EMPTY } from './my-day.page';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

const ZONE = 'America/New_York';
const today = dayIn(new Date(), ZONE);
const days = { yesterday: shiftDay(today, -1), today, tomorrow: shiftDay(today, 1) };

function myDayTask(o: Partial<MyDayTask> & { id: string; taskNumber: number; name: string; start: string }): MyDayTask {
  const { start, ...rest } = o;
  return {
    ...task({ status: 'AWAITING_START', displayStatus: 'Awaiting Start', dateCategory: 'today', actions: actions({ clockIn: allowed }) }),
    taskScheduler: { id: `s-${o.id}`, startDateTime: start, expectedEndDateTime: new Date(Date.parse(start) + 2 * 3_600_000).toISOString(), endDateTime: null },
    siteAddressText: '12 Harbor St, Boston, MA 02110',
    contact: { name: 'Rita Requester', phone: '+1 (617) 555-0100', kind: 'REQUESTER' },
    workPeriods: [],
    ...rest,
  };
}

const first = myDayTask({ id: 't1', taskNumber: 2001, name: 'Replace valve', start: `${today}T13:00:00.000Z` });
const second = myDayTask({
  id: 't2',
  taskNumber: 2002,
  name: 'Bleed radiators',
  start: `${today}T17:00:00.000Z`,
  status: 'CLOCKED_IN',
  displayStatus: 'Clocked In',
  lifecycle: 'CLOCKED_IN',
  actions: actions({ clockOut: allowed, elapsedTime: allowed }),
  workPeriods: [{ id: 'w1', startTime: new Date(Date.now() - 3_600_000).toISOString(), endTime: null }],
  contact: null,
});

type DayItems = Partial<Record<keyof typeof days, MyDayTask[]>>;
/** GET /api/tasks/my-day answering per requested date. */
function myDayReplies(byDay: DayItems, status = 200) {
  return (url: URL, init?: RequestInit) => {
    if ((init?.method ?? 'GET') !== 'GET' || url.pathname !== '/api/tasks/my-day') return undefined;
    if (status !== 200) return { status, body: { statusCode: status, code: 'INTERNAL', message: 'Something went wrong! Please try again' } };
    const date = url.searchParams.get('date')!;
    const key = (Object.keys(days) as (keyof typeof days)[]).find((k) => days[k] === date);
    return { body: { data: { date, timeZone: ZONE, from: '', to: '', items: (key && byDay[key]) ?? [] } } };
  };
}

const tech = () => makeSession('Technician', 'noAccess');
const cards = () => within(screen.getByRole('list', { name: 'Tasks in order' })).getAllByRole('listitem');

describe('My day', { timeout: 20_000 }, () => {
  it("lists today's tasks in order with the map link, the call link, the status and the timer", async () => {
    mockApi(myDayReplies({ today: [first, second] }));
    renderApp('/workorder/my-day', tech());
    expect(await screen.findByRole('heading', { name: 'My day' })).toBeTruthy();
    await screen.findByRole('list', { name: 'Tasks in order' });
    const [a, b] = cards();
    expect(a!.textContent).toContain('#2001');
    expect(b!.textContent).toContain('#2002');
    const map = within(a!).getByRole('link', { name: /12 Harbor St/ });
    expect(map.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=12%20Harbor%20St%2C%20Boston%2C%20MA%2002110');
    expect(map.getAttribute('target')).toBe('_blank');
    expect(
      within(a!)
        .getByRole('link', { name: /Call Rita Requester/ })
        .getAttribute('href'),
    ).toBe('tel:+16175550100');
    expect(within(a!).getByText('Awaiting Start')).toBeTruthy();
    expect(within(b!).getByText('Clocked In')).toBeTruthy();
    expect(within(b!).queryByRole('link', { name: /Call/ })).toBeNull();
    expect(within(b!).getByTestId('my-day-timer').textContent).toMatch(/1h/);
    expect(within(a!).queryByTestId('my-day-timer')).toBeNull();
  });

  it('picks the one big button from the task actions: clock in, clock out, close, or disabled with the reason', async () => {
    const closeable = myDayTask({
      id: 't3',
      taskNumber: 2003,
      name: 'Final check',
      start: `${today}T19:00:00.000Z`,
      status: 'CLOCKED_OUT',
      lifecycle: 'CLOCKED_OUT',
      displayStatus: 'Clocked Out',
      actions: actions({ clockIn: allowed, close: allowed, elapsedTime: allowed }),
    });
    const refusedTask = myDayTask({
      id: 't4',
      taskNumber: 2004,
      name: 'Past job',
      start: `${today}T20:00:00.000Z`,
      actions: actions({ clockIn: refused('A past task can no longer be clocked in.') }),
    });
    const closed = myDayTask({
      id: 't5',
      taskNumber: 2005,
      name: 'All done',
      start: `${today}T21:00:00.000Z`,
      status: 'CLOSED',
      lifecycle: 'CLOSED',
      displayStatus: 'Closed',
      actions: actions({ elapsedTime: allowed }),
    });
    mockApi(myDayReplies({ today: [first, second, closeable, refusedTask, closed] }));
    renderApp('/workorder/my-day', tech());
    await screen.findByRole('list', { name: 'Tasks in order' });
    const [a, b, c, d, e] = cards();
    expect(within(a!).getByRole('button', { name: 'Clock in' })).toBeTruthy();
    expect(within(b!).getByRole('button', { name: 'Clock out' })).toBeTruthy();
    expect(within(c!).getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(within(c!).queryByRole('button', { name: 'Clock in' })).toBeNull();
    const refusedButton = within(d!).getByRole('button', { name: 'Clock in' }) as HTMLButtonElement;
    expect(refusedButton.disabled).toBe(true);
    expect(within(d!).getByText('A past task can no longer be clocked in.')).toBeTruthy();
    expect(within(e!).queryByRole('button')).toBeNull();
  });

  it('disables clock-in on an upcoming task with the reason', async () => {
    const upcoming = myDayTask({
      id: 't6',
      taskNumber: 2006,
      name: 'Tomorrow job',
      start: `${days.tomorrow}T14:00:00.000Z`,
      status: 'UPCOMING',
      displayStatus: 'Upcoming',
      dateCategory: 'future',
      actions: actions(),
    });
    mockApi(myDayReplies({ tomorrow: [upcoming] }));
    renderApp('/workorder/my-day', tech());
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Tomorrow' }));
    const button = (await screen.findByRole('button', { name: 'Clock in' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('This task starts on a later day.')).toBeTruthy();
  });

  it('opens the close dialog from the big button', async () => {
    const closeable = myDayTask({
      id: 't3',
      taskNumber: 2003,
      name: 'Final check',
      start: `${today}T13:00:00.000Z`,
      status: 'OPEN',
      lifecycle: 'OPEN',
      displayStatus: 'Open',
      actions: actions({ close: allowed }),
    });
    mockApi(myDayReplies({ today: [closeable] }));
    renderApp('/workorder/my-day', tech());
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('dialog', { name: 'Close task' })).toBeTruthy();
  });

  it('closes with an Idempotency-Key, and clock in / clock out open their dialogs', async () => {
    const started = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const closeable = myDayTask({
      id: 'c9d8e7f6-0a1b-4c2d-8e3f-4a5b6c7d8e9f',
      taskNumber: 2003,
      name: 'Final check',
      start: started,
      status: 'OPEN',
      lifecycle: 'OPEN',
      displayStatus: 'Open',
      actions: actions({ close: allowed }),
    });
    const fetchMock = mockApi(
      myDayReplies({ today: [first, second, closeable] }),
      (url, init) => (init?.method === 'POST' && url.pathname === '/api/tasks/close' ? { body: { data: closeable } } : undefined),
      route('GET', '/api/tasks/t2/activities', {
        body: { data: [{ ...second.workPeriods[0]!, description: null, user: null, vehicle: null, assistants: [] }] },
      }),
      route('GET', '/api/vehicles/active', { body: { data: [], pagination: { totalItems: 0, totalPages: 1, currentPage: 1, itemsPerPage: 100 } } }),
      route('GET', '/api/tasks/assistants', { body: { items: [], meta: { total: 0, totalPages: 1, page: 1, limit: 100 } } }),
      route('POST', '/api/tasks/filter-list', { body: { data: [] } }),
    );
    renderApp('/workorder/my-day', tech());
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Tasks in order' });
    const [a, b, c] = cards();
    await user.click(within(c!).getByRole('button', { name: 'Close' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Close task' })).getByRole('button', { name: 'Close Task' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u, init]) => String(u) === '/api/tasks/close' && init?.method === 'POST')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([u, i]) => String(u) === '/api/tasks/close' && i?.method === 'POST')!;
    expect((init!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Close task' })).toBeNull());
    await user.click(within(a!).getByRole('button', { name: 'Clock in' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(b!).getByRole('button', { name: 'Clock out' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it("switches days with the tabs and with swipes, asking for that day's date", async () => {
    const missed = myDayTask({
      id: 'y1',
      taskNumber: 1999,
      name: 'Missed yesterday',
      start: `${days.yesterday}T14:00:00.000Z`,
      status: 'MISSED',
      displayStatus: 'Missed',
      dateCategory: 'past',
    });
    const doneYesterday = myDayTask({
      id: 'y2',
      taskNumber: 1998,
      name: 'Done yesterday',
      start: `${days.yesterday}T16:00:00.000Z`,
      status: 'CLOSED',
      lifecycle: 'CLOSED',
      displayStatus: 'Closed',
      dateCategory: 'past',
      actions: actions(),
    });
    const upcoming = myDayTask({
      id: 'm1',
      taskNumber: 2010,
      name: 'Tomorrow job',
      start: `${days.tomorrow}T14:00:00.000Z`,
      status: 'UPCOMING',
      displayStatus: 'Upcoming',
      dateCategory: 'future',
      actions: actions(),
    });
    const fetchMock = mockApi(myDayReplies({ yesterday: [missed, doneYesterday], today: [first], tomorrow: [upcoming] }));
    renderApp('/workorder/my-day', tech());
    await screen.findByText('Replace valve');
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Yesterday' }));
    expect(await screen.findByText('Missed yesterday')).toBeTruthy();
    // Yesterday shows what is left of it: the closed task is not there.
    expect(screen.queryByText('Done yesterday')).toBeNull();

    const list = screen.getByTestId('my-day-list');
    // Swipe left (finger moves right to left) -> the next day.
    fireEvent.pointerDown(list, { clientX: 300, clientY: 200, pointerId: 1 });
    fireEvent.pointerUp(list, { clientX: 200, clientY: 210, pointerId: 1 });
    expect(await screen.findByText('Replace valve')).toBeTruthy();
    fireEvent.pointerDown(list, { clientX: 300, clientY: 200, pointerId: 1 });
    fireEvent.pointerUp(list, { clientX: 200, clientY: 210, pointerId: 1 });
    expect(await screen.findByText('Tomorrow job')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Tomorrow' }).getAttribute('aria-selected')).toBe('true');
    // A short or mostly vertical move is not a swipe.
    fireEvent.pointerDown(list, { clientX: 100, clientY: 100, pointerId: 1 });
    fireEvent.pointerUp(list, { clientX: 150, clientY: 100, pointerId: 1 });
    fireEvent.pointerDown(list, { clientX: 100, clientY: 100, pointerId: 1 });
    fireEvent.pointerUp(list, { clientX: 180, clientY: 300, pointerId: 1 });
    expect(screen.getByText('Tomorrow job')).toBeTruthy();
    // Swipe right -> the day before.
    fireEvent.pointerDown(list, { clientX: 100, clientY: 200, pointerId: 1 });
    fireEvent.pointerUp(list, { clientX: 200, clientY: 190, pointerId: 1 });
    expect(await screen.findByText('Replace valve')).toBeTruthy();

    const asked = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .filter((u) => u.pathname === '/api/tasks/my-day')
      .map((u) => u.searchParams.get('date'));
    expect(new Set(asked)).toEqual(new Set([days.yesterday, days.today, days.tomorrow]));
  });

  it('shows the empty state of each day', async () => {
    mockApi(myDayReplies({}));
    renderApp('/workorder/my-day', tech());
    expect(await screen.findByText(MY_DAY_EMPTY.today.title)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Tomorrow' }));
    expect(await screen.findByText(MY_DAY_EMPTY.tomorrow.title)).toBeTruthy();
  });

  it('shows an error with a retry that loads again', async () => {
    let fail = true;
    const ok = myDayReplies({ today: [first] });
    const bad = myDayReplies({}, 500);
    const fetchMock = mockApi((url, init) => (fail ? bad(url, init) : ok(url, init)));
    renderApp('/workorder/my-day', tech());
    expect(await screen.findByText('Your tasks could not be loaded')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Replace valve')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/api/tasks/my-day')).length).toBe(2);
  });

  it('lands technicians on My day from / and shows them the nav item; office users go to the dashboard', async () => {
    mockApi(myDayReplies({ today: [first] }));
    const { router } = renderApp('/', tech());
    await waitFor(() => expect(router.state.location.pathname).toBe('/workorder/my-day'));
    expect((await screen.findAllByRole('link', { name: 'My day' })).length).toBeGreaterThan(0);
  });

  it('sends office users from / to the dashboard, without the My day item', async () => {
    mockApi();
    const { router } = renderApp('/', makeSession('Admin', 'fullAccess'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('link', { name: 'My day' })).toBeNull();
  });
});

describe('On my way from My day', { timeout: 20_000 }, () => {
  it('sends the chosen arrival estimate once with an idempotency key and says how the contact was told', async () => {
    const ready = myDayTask({
      id: 't3',
      taskNumber: 2003,
      name: 'Service boiler',
      start: `${today}T15:00:00.000Z`,
      actions: actions({ clockIn: allowed, onMyWay: allowed }),
    });
    const answer = { channel: 'text', contactName: 'Pat Contact', from: '', to: '', window: '10:20–10:40 AM' };
    const fetchMock = mockApi(myDayReplies({ today: [ready, first] }), route('POST', '/api/tasks/t3/on-my-way', { body: { data: answer } }));
    renderApp('/workorder/my-day', tech());
    await screen.findByRole('list', { name: 'Tasks in order' });
    const [card, other] = cards();
    expect(within(other!).queryByRole('button', { name: 'On my way' })).toBeNull();
    await userEvent.click(within(card!).getByRole('button', { name: 'On my way' }));
    const dialog = await screen.findByRole('dialog', { name: 'On my way' });
    await userEvent.click(within(dialog).getByLabelText('45 min'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Pat Contact was told by text: arriving 10:20–10:40 AM.')).toBeTruthy();
    const calls = fetchMock.mock.calls.filter(([u, init]) => String(u) === '/api/tasks/t3/on-my-way' && init?.method === 'POST');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]![1]!.body))).toEqual({ minutes: 45 });
    expect((calls[0]![1]!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
