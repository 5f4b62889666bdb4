import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DASHBOARD_FIGURES } from '@fieldwork/domain/dashboard/dashboard-figures.rules';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { dashboardRoutes, FINANCE } from './dashboard-fixtures';

const callsTo = (fetchMock: ReturnType<typeof mockApi>, path: string, method = 'GET') =>
  fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url, init }) => url.pathname === path && (init?.method ?? 'GET') === method);

const card = async (name: string) => within(await screen.findByRole('region', { name }));

describe('dashboard', { timeout: 20_000 }, () => {
  it('shows each card with its figures, money with 2 decimals and the change against the previous period', async () => {
    mockApi(...dashboardRoutes());
    renderApp('/dashboard', makeSession('Admin', 'fullAccess'));
    const finance = await card('Finance');
    expect(await finance.findByText('$12,345.50')).toBeTruthy();
    // Invoiced rose 23.5 % (green ▲); collected fell 20 % (red ▼).
    const invoiced = finance.getByText('$12,345.50').closest('dl') as HTMLElement;
    const up = within(invoiced).getByText(/23\.5%/);
    expect(up.textContent).toContain('▲');
    expect(up.className).toContain('text-success');
    const collected = finance.getByText('$8,000.00').closest('dl') as HTMLElement;
    const down = within(collected).getByText(/20\.0%/);
    expect(down.textContent).toContain('▼');
    expect(down.className).toContain('text-danger');
    expect(finance.getByText('$1,200.25')).toBeTruthy();
    expect(finance.getByText('3 invoices')).toBeTruthy();
    expect(finance.getByRole('link', { name: 'Overdue: View overdue invoices' }).getAttribute('href')).toBe('/workorder/invoices?overdue=true');
    expect(finance.getByRole('link', { name: 'View invoices' }).getAttribute('href')).toBe('/workorder/invoices');
    // A snapshot (previous null) shows no change line; from zero it says so instead of a percentage.
    expect(within(finance.getByText('$4,345.50').closest('dl') as HTMLElement).queryByText(/previous period/)).toBeNull();
    expect(finance.getByText('37.57%')).toBeTruthy();

    const jobs = await card('Jobs & Tasks');
    expect(await jobs.findByText('14')).toBeTruthy();
    // More overdue tasks is bad news: ▲ in red.
    const overdue = within(jobs.getByText('Overdue tasks').closest('dl') as HTMLElement).getByText(/100\.0%/);
    expect(overdue.className).toContain('text-danger');
    expect(jobs.getByRole('link', { name: 'View jobs' }).getAttribute('href')).toBe('/workorder/jobs');

    expect(await (await card('Customers')).findByRole('link', { name: 'Northwind Plumbing' })).toBeTruthy();
    expect(await (await card('Leads')).findByText('$9,000.00')).toBeTruthy();
    const calls = await card('AI Receptionist');
    expect(await calls.findByText('3m 05s')).toBeTruthy();
    expect(calls.getByRole('link', { name: 'View calls' }).getAttribute('href')).toBe('/receptionist/calls');
    expect(await (await card('Top Zones')).findByText('North Side')).toBeTruthy();
    expect(await (await card('Top Tags')).findByText('Boiler Service')).toBeTruthy();
    expect(await (await card('Assets')).findByText('HVAC')).toBeTruthy();
    expect(await (await card('Revenue')).findByText('Invoiced $12,345.50')).toBeTruthy();
  });

  it('packs the cards in a masonry grid: each card is a grid item of its own height, none stretched to its neighbour', async () => {
    mockApi(...dashboardRoutes());
    renderApp('/dashboard', makeSession('Admin', 'fullAccess'));
    const finance = await screen.findByRole('region', { name: 'Finance' });
    const receptionist = await screen.findByRole('region', { name: 'AI Receptionist' });
    const grid = finance.parentElement as HTMLElement;
    expect(receptionist.parentElement).toBe(grid);
    expect(grid.dataset.layout).toBe('masonry');
    expect(grid.className.split(/\s+/)).toContain('items-start');
    expect(finance.style.gridRowEnd).toMatch(/^span \d+$/);
  });

  it('lays the finance card out as a sum that reconciles, each figure with its domain definition', async () => {
    mockApi(...dashboardRoutes());
    renderApp('/dashboard', makeSession('Admin', 'fullAccess'));
    const finance = await card('Finance');
    const margin = within(await finance.findByRole('region', { name: 'Margin (before tax)' }));
    // Revenue − Job costs = Gross margin; Gross margin ÷ Revenue = Margin %, all on the card's face.
    expect(margin.getAllByRole('term').map((t) => t.textContent)).toEqual(['Revenue (before tax)', 'Job costs', 'Gross margin', 'Margin %']);
    expect(['$11,500.00', '$7,179.00', '$4,321.00', '37.57%'].map((v) => !!margin.getByText(v))).toEqual([true, true, true, true]);
    expect((4321 / 11500) * 100).toBeCloseTo(37.57, 2);
    // Every figure on the page carries its definition from packages/domain.
    for (const key of ['invoiced', 'marginPercentage', 'openJobs', 'customersRepeat', 'leadsConversion', 'callsMissed'] as const) {
      const { label, definition } = DASHBOARD_FIGURES[key];
      expect(await screen.findByRole('img', { name: `About ${label}: ${definition}` })).toBeTruthy();
    }
    const user = userEvent.setup();
    await user.hover(margin.getByRole('img', { name: /^About Margin %/ }));
    expect((await screen.findByRole('tooltip')).textContent).toContain(DASHBOARD_FIGURES.marginPercentage.definition);
  });

  it('sends the chosen preset to every card and keeps it in the address', async () => {
    const fetchMock = mockApi(...dashboardRoutes());
    const { router } = renderApp('/dashboard', makeSession('Admin', 'fullAccess'));
    await (await card('Finance')).findByText('$12,345.50');
    expect(callsTo(fetchMock, '/api/dashboard/finance-metrics')[0]?.url.searchParams.get('preset')).toBe('this_month');

    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Date range' }), 'last_quarter');
    await waitFor(() => expect(router.state.location.search).toEqual({ preset: 'last_quarter' }));
    for (const path of ['finance-metrics', 'revenue-chart', 'job-metrics', 'lead-metrics', 'top-revenue-tags']) {
      await waitFor(() => expect(callsTo(fetchMock, `/api/dashboard/${path}`).some((c) => c.url.searchParams.get('preset') === 'last_quarter')).toBe(true));
    }
    expect(screen.getByText('Showing Last Quarter.')).toBeTruthy();
  });

  it('reads a custom range from the address and applies a new one', async () => {
    const fetchMock = mockApi(...dashboardRoutes());
    const { router } = renderApp('/dashboard?from=2026-01-01&to=2026-03-31', makeSession('Admin', 'fullAccess'));
    await (await card('Finance')).findByText('$12,345.50');
    const first = callsTo(fetchMock, '/api/dashboard/finance-metrics')[0]?.url;
    expect([first?.searchParams.get('from'), first?.searchParams.get('to'), first?.searchParams.get('preset')]).toEqual(['2026-01-01', '2026-03-31', null]);

    const user = userEvent.setup();
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ from: '2026-02-01', to: '2026-03-31' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/dashboard/job-metrics').some((c) => c.url.searchParams.get('from') === '2026-02-01')).toBe(true));
  });

  it('shows a retry on the card that failed while the others still show their figures', async () => {
    let fail = true;
    mockApi(
      (url) =>
        url.pathname === '/api/dashboard/finance-metrics'
          ? fail
            ? { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Finance store unavailable' } }
            : { body: FINANCE }
          : undefined,
      ...dashboardRoutes(),
    );
    renderApp('/dashboard', makeSession('Admin', 'fullAccess'));
    const finance = await card('Finance');
    expect(await finance.findByText('Finance could not be loaded')).toBeTruthy();
    expect(await (await card('Jobs & Tasks')).findByText('14')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(finance.getByRole('button', { name: 'Try again' }));
    expect(await finance.findByText('$12,345.50')).toBeTruthy();
  });

  it('hides a card from Customise and saves the layout', async () => {
    const fetchMock = mockApi(
      route('PUT', '/api/dashboard/configuration', {
        body: { cards: [{ key: 'finance', visible: false }] },
      }),
      ...dashboardRoutes(),
    );
    renderApp('/dashboard', makeSession('Admin', 'fullAccess'));
    await (await card('Finance')).findByText('$12,345.50');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Customise' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Customise dashboard' }));
    await user.click(sheet.getByRole('checkbox', { name: 'Finance' }));
    await user.click(sheet.getByRole('button', { name: 'Move Leads up' }));
    await user.click(sheet.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/dashboard/configuration', 'PUT')).toHaveLength(1));
    const body = JSON.parse(String(callsTo(fetchMock, '/api/dashboard/configuration', 'PUT')[0]?.init?.body)) as { cards: { key: string; visible: boolean }[] };
    expect(body.cards.map((c) => c.key)).toEqual([
      'finance',
      'revenue',
      'plans',
      'jobs',
      'leads',
      'customers',
      'receptionist',
      'zones',
      'tags',
      'assets',
      'onboarding',
    ]);
    expect(body.cards.find((c) => c.key === 'finance')?.visible).toBe(false);
    expect(body.cards.filter((c) => !c.visible)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Finance' })).toBeNull());
    expect(screen.getByRole('region', { name: 'Revenue' })).toBeTruthy();
  });

  it('applies the saved layout: hidden cards are not shown or fetched, the order follows the saved one', async () => {
    const fetchMock = mockApi(
      route('GET', '/api/dashboard/configuration', {
        body: {
          cards: [
            { key: 'leads', visible: true },
            { key: 'finance', visible: false },
          ],
        },
      }),
      ...dashboardRoutes(),
    );
    renderApp('/dashboard', makeSession('Admin', 'fullAccess'));
    await (await card('Leads')).findByText('$9,000.00');
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(regions[0]).toBe('Leads');
    expect(regions).not.toContain('Finance');
    expect(callsTo(fetchMock, '/api/dashboard/finance-metrics')).toHaveLength(0);
  });

  it('shows the Customer Financing banner with Know More opening the lender in a new tab, and dismisses it for good', async () => {
    const fetchMock = mockApi(
      route('PUT', '/api/dashboard/financing', { body: { url: 'https://lender.example/apply', dismissed: true } }),
      ...dashboardRoutes({ url: 'https://lender.example/apply', dismissed: false }),
    );
    renderApp('/dashboard', makeSession('Admin', 'fullAccess'));
    const banner = within(await screen.findByRole('complementary', { name: 'Customer Financing' }));
    const know = banner.getByRole('link', { name: 'Know More' });
    expect(know.getAttribute('href')).toBe('https://lender.example/apply');
    expect(know.getAttribute('target')).toBe('_blank');
    expect(know.getAttribute('rel')).toBe('noopener noreferrer');
    await userEvent.setup().click(banner.getByRole('button', { name: 'Dismiss Customer Financing' }));
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Customer Financing' })).toBeNull());
    const put = callsTo(fetchMock, '/api/dashboard/financing', 'PUT');
    expect(put).toHaveLength(1);
    expect(JSON.parse(String(put[0]?.init?.body))).toEqual({ dismissed: true });
  });

  it('shows no banner without a financing URL or once dismissed', async () => {
    mockApi(...dashboardRoutes({ url: 'https://lender.example/apply', dismissed: true }));
    renderApp('/dashboard', makeSession('Admin', 'fullAccess'));
    await (await card('Finance')).findByText('$12,345.50');
    expect(screen.queryByRole('complementary', { name: 'Customer Financing' })).toBeNull();
  });

  it('ticks the onboarding steps already done, links the rest and dismisses the checklist', async () => {
    const fetchMock = mockApi(
      route('PUT', '/api/dashboard/onboarding', { body: { items: [], completed: 2, total: 3, dismissed: true } }),
      ...dashboardRoutes(),
    );
    renderApp('/dashboard', makeSession('Admin', 'fullAccess'));
    const onboarding = await card('Getting Started');
    expect(await onboarding.findByText('2 of 3 done')).toBeTruthy();
    expect(onboarding.getAllByRole('img', { name: 'Done' })).toHaveLength(2);
    expect(onboarding.getAllByRole('img', { name: 'To do' })).toHaveLength(1);
    expect(onboarding.getByRole('link', { name: 'Add your first customer' }).getAttribute('href')).toBe('/customers/new');
    await userEvent.setup().click(onboarding.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Getting Started' })).toBeNull());
    expect(JSON.parse(String(callsTo(fetchMock, '/api/dashboard/onboarding', 'PUT')[0]?.init?.body))).toEqual({ dismissed: true });
  });

  it('leaves out the checklist once every step is done', async () => {
    mockApi(
      route('GET', '/api/dashboard/onboarding', {
        body: { items: [{ key: 'zones', label: 'Add service zones', done: true }], completed: 1, total: 1, dismissed: false },
      }),
      ...dashboardRoutes(),
    );
    renderApp('/dashboard', makeSession('Admin', 'fullAccess'));
    await (await card('Finance')).findByText('$12,345.50');
    await waitFor(() => expect(screen.getByRole('region', { name: 'Assets' }).textContent).toContain('HVAC'));
    expect(screen.queryByRole('region', { name: 'Getting Started' })).toBeNull();
  });

  it('is read-only for view-only staff: figures but no Customise or dismiss', async () => {
    mockApi(...dashboardRoutes());
    renderApp('/dashboard', makeSession('Staff', 'onlyViewAccess'));
    await (await card('Finance')).findByText('$12,345.50');
    expect(screen.queryByRole('button', { name: 'Customise' })).toBeNull();
    const onboarding = await card('Getting Started');
    await onboarding.findByText('2 of 3 done');
    expect(onboarding.queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(onboarding.queryByRole('link')).toBeNull();
  });

  it('sends technicians to My day and asks them for no figures', async () => {
    const fetchMock = mockApi(route('GET', '/api/my-day', { body: { data: { items: [] } } }));
    const { router } = renderApp('/dashboard', makeSession('Technician', 'noAccess'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workorder/my-day'));
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/dashboard/'))).toBe(false);
  });
});

describe('dashboard: credits to refund or apply', { timeout: 20_000 }, () => {
  it('shows the credits held on invoices, linking to the invoices', async () => {
    mockApi(route('GET', '/api/dashboard/finance-metrics', { body: { ...FINANCE, credits: { count: 2, amount: 65.5 } } }), ...dashboardRoutes());
    renderApp('/dashboard', makeSession('Admin', 'fullAccess'));
    const finance = await card('Finance');
    const link = await finance.findByRole('link', { name: 'Credits to refund or apply: View invoices' });
    expect(link.textContent).toBe('Credits to refund or apply$65.50 on 2 invoices');
    expect(link.getAttribute('href')).toBe('/workorder/invoices');
  });

  it('says nothing of credits while there are none', async () => {
    mockApi(...dashboardRoutes());
    renderApp('/dashboard', makeSession('Admin', 'fullAccess'));
    const finance = await card('Finance');
    expect(await finance.findByText('$12,345.50')).toBeTruthy();
    expect(finance.queryByText('Credits to refund or apply')).toBeNull();
  });
});
