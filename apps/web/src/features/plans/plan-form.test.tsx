import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RECURRENCE_MESSAGES } from '@fieldwork/domain/plans/recurrence.rules';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { ADDRESS_ID, CUSTOMER_ID, customer } from '../../shared/jobs/test-fixtures';
import { PLAN_ID, planFixture } from '../../shared/plans/test-fixtures';

const customerRoute = route('GET', `/api/customers/${CUSTOMER_ID}`, { body: { data: customer() } });
const field = (name: string) => screen.getByLabelText(name, { selector: 'input, select, textarea' }) as HTMLInputElement;

/** The form starts on today's weekday: make Monday the only one. */
async function onlyMonday() {
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
    const toggle = screen.getByRole('button', { name: day });
    if ((toggle.getAttribute('aria-pressed') === 'true') !== (day === 'Monday')) await userEvent.click(toggle);
  }
}

async function setField(name: string, value: string) {
  const input = field(name);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

describe('plan form', { timeout: 30_000 }, () => {
  it('previews the rule in words and its next ten dates as the schedule is typed', async () => {
    mockApi(customerRoute);
    renderApp('/plans/new', makeSession('Admin', 'fullAccess'));
    await screen.findByRole('heading', { name: 'New service plan' });
    await userEvent.selectOptions(field('Repeats'), 'monthly');
    await setField('Every (months)', '3');
    await setField('Day of month', '15');
    await setField('Start date', '2030-01-01');
    await setField('Visit time', '08:00');
    await setField('Arrival window (minutes)', '120');
    const preview = screen.getByRole('region', { name: 'Preview' });
    await waitFor(() => expect(within(preview).getByText('Every 3 months on the 15th, 8:00–10:00 AM')).toBeTruthy());
    const dates = within(preview)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(dates).toHaveLength(10);
    expect(dates[0]).toMatch(/Jan 15, 2030/);
    expect(dates[1]).toMatch(/Apr 15, 2030/);
    expect(dates[9]).toMatch(/Apr 15, 2032/);

    // Changing the rule changes the preview at once: the last weekday of the month instead.
    await userEvent.selectOptions(field('On'), 'weekday');
    await userEvent.selectOptions(field('Which'), '-1');
    await userEvent.selectOptions(field('Weekday'), 'FR');
    await waitFor(() => expect(within(preview).getByText('Every 3 months on the last Friday, 8:00–10:00 AM')).toBeTruthy());
    expect(within(preview).getAllByRole('listitem')[0]!.textContent).toMatch(/Jan 25, 2030/);
  });

  it('shows the domain rule message on the field and no preview while the rule is invalid', async () => {
    mockApi(customerRoute);
    renderApp('/plans/new', makeSession('Admin', 'fullAccess'));
    await screen.findByRole('heading', { name: 'New service plan' });
    await setField('Every (weeks)', '99');
    expect(await screen.findByText(RECURRENCE_MESSAGES.interval('weekly'))).toBeTruthy();
    expect(screen.getByText('Fix the schedule to see the visits it makes.')).toBeTruthy();
    await setField('Every (weeks)', '2');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      const toggle = screen.getByRole('button', { name: day });
      if (toggle.getAttribute('aria-pressed') === 'true') await userEvent.click(toggle);
    }
    expect(await screen.findByText(RECURRENCE_MESSAGES.weekdaysMissing)).toBeTruthy();
  });

  it('refuses to send a plan without a name and sends a valid one in dollars, then opens it', async () => {
    const fetchMock = mockApi(
      customerRoute,
      route('POST', '/api/plans', { status: 201, body: { data: planFixture() } }),
      route('GET', `/api/plans/${PLAN_ID}`, { body: { data: planFixture() } }),
    );
    const { router } = renderApp(`/plans/new?customerId=${CUSTOMER_ID}`, makeSession('Admin', 'fullAccess'));
    await waitFor(() => expect(field('Site').value).toBe(ADDRESS_ID));
    await setField('Every (weeks)', '2');
    await setField('Start date', '2030-01-07');
    await onlyMonday();
    await setField('Task name', 'Filter change');
    await setField('Price per visit ($)', '125.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Plan Name is mandatory.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await setField('Plan name', 'Fortnightly filters');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    const body = JSON.parse(String(post[1]!.body));
    expect(body).toMatchObject({
      customerId: CUSTOMER_ID,
      siteAddressId: ADDRESS_ID,
      name: 'Fortnightly filters',
      billing: 'per_visit',
      price: 125.5,
      recurrence: { frequency: 'weekly', interval: 2, weekdays: ['MO'], monthDay: null, startDate: '2030-01-07', time: '08:00', durationMinutes: 60 },
      visitTemplate: { taskName: 'Filter change', assignTo: 'LATER' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/plans/${PLAN_ID}`));
  });

  it('shows a server refusal above the form', async () => {
    mockApi(
      customerRoute,
      route('POST', '/api/plans', {
        status: 400,
        body: { statusCode: 400, code: 'VALIDATION', message: ['Site Address must be a valid UUID.', 'Price must be a number.'] },
      }),
    );
    renderApp(`/plans/new?customerId=${CUSTOMER_ID}`, makeSession('Admin', 'fullAccess'));
    await waitFor(() => expect(field('Site').value).toBe(ADDRESS_ID));
    await setField('Plan name', 'Weekly');
    await setField('Task name', 'Visit');
    await setField('Price per visit ($)', '10');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Site Address must be a valid UUID.')).toBeTruthy();
  });

  it('edits a plan from its current terms and sends them with the version it loaded', async () => {
    const fetchMock = mockApi(
      customerRoute,
      route('GET', `/api/plans/${PLAN_ID}`, { body: { data: planFixture() } }),
      route('PUT', `/api/plans/${PLAN_ID}`, { body: { data: planFixture({ version: 4 }) } }),
    );
    const { router } = renderApp(`/plans/${PLAN_ID}/edit`, makeSession('Admin', 'fullAccess'));
    await screen.findByLabelText('Plan name', { selector: 'input' });
    expect(field('Plan name').value).toBe('Quarterly boiler check');
    expect(field('Repeats').value).toBe('monthly');
    expect(field('Every (months)').value).toBe('3');
    expect(field('Day of month').value).toBe('15');
    expect(field('Site').disabled).toBe(true);
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Every 3 months on the 15th, 8:00–10:00 AM')).toBeTruthy();
    await setField('Every (months)', '6');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    const body = JSON.parse(String(put[1]!.body));
    expect(body).toMatchObject({
      version: 3,
      name: 'Quarterly boiler check',
      price: 150,
      recurrence: { frequency: 'monthly', interval: 6, monthDay: { kind: 'day', day: 15 } },
    });
    expect(body).not.toHaveProperty('customerId');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/plans/${PLAN_ID}`));
  });
});
