import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { computeTotals, formatCents } from '@fieldwork/domain/common/money.rules';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { ESTIMATE_ID, SERVICE_ID, catalogueItem, estimate, lookupRoutes } from '../../shared/billing/document-editor.fixtures';
import { ADDRESS_ID, BILLING_ID, CUSTOMER_ID, JOB_ID, OTHER_CONTACT_ID } from '../../shared/jobs/test-fixtures';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

const session = makeSession('Admin', 'fullAccess');
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const bodyOf = (call: unknown[] | undefined) => JSON.parse(String((call?.[1] as RequestInit | undefined)?.body)) as Record<string, unknown>;
const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && new URL(String(url), 'http://localhost').pathname === path);

async function chooseCustomer(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('combobox', { name: 'Customer' }), 'North');
  await user.click(await screen.findByRole('option', { name: /Northwind Plumbing/ }));
  await waitFor(() => expect(select('Address').value).toBe(ADDRESS_ID));
}

/** Replaces a field's text in one step (typing key by key re-renders the totals each time: slow under load). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

async function addFreeLine(user: ReturnType<typeof userEvent.setup>, n: number, name: string, qty: string, rate: string, tax?: string) {
  await user.click(screen.getByRole('button', { name: 'Add line' }));
  await fill(user, input(`Name of line ${n}`), name);
  await fill(user, input(`Quantity of line ${n}`), qty);
  await fill(user, input(`Rate of line ${n}`), rate);
  if (tax) {
    await user.click(screen.getByRole('checkbox', { name: `Taxable line ${n}` }));
    await fill(user, input(`Tax % of line ${n}`), tax);
  }
}

describe('estimate editor', { timeout: 30_000 }, () => {
  it('computes the totals live with the domain math', async () => {
    mockApi(...lookupRoutes);
    renderApp('/workorder/estimates/new/create', session);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'New Estimate' })).toBeTruthy();
    await addFreeLine(user, 1, 'Filter', '2', '10.00', '8.875');
    await addFreeLine(user, 2, 'Labour', '1', '5.50');
    await fill(user, input('Freight'), '3');
    const expected = computeTotals(
      [
        { qtyMilli: 2000, rateCents: 1000, isTaxable: true, taxPercentMilli: 8875 },
        { qtyMilli: 1000, rateCents: 550, isTaxable: false, taxPercentMilli: 0 },
      ],
      300,
      { required: false, amountCents: 0 },
    );
    if (!expected.ok) throw new Error('bad fixture');
    expect(screen.getByTestId('total-subtotal').textContent).toBe(formatCents(expected.totals.subTotalCents));
    expect(screen.getByTestId('total-taxable-subtotal').textContent).toBe(formatCents(expected.totals.taxableSubTotalCents));
    expect(screen.getByTestId('total-tax').textContent).toBe(formatCents(expected.totals.taxCents));
    expect(screen.getByTestId('total-freight').textContent).toBe('$3.00');
    expect(screen.getByTestId('total-total').textContent).toBe('$30.28');
    // The deposit bound is the domain's: more than the total is refused with its message.
    await user.click(screen.getByRole('checkbox', { name: 'Deposit required' }));
    await fill(user, input('Deposit Amount'), '40');
    expect(await screen.findByText('Deposit Amount cannot be more than the total.')).toBeTruthy();
  });

  it('fills a line from the catalogue', async () => {
    mockApi(...lookupRoutes);
    renderApp('/workorder/estimates/new/create', session);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('combobox', { name: 'Add from catalogue' }), 'Boiler');
    await user.click(await screen.findByRole('option', { name: /Boiler flush/ }));
    expect(input('Name of line 1').value).toBe('Boiler flush');
    expect((screen.getByRole('textbox', { name: 'Description of line 1' }) as HTMLTextAreaElement).value).toBe('Drain and refill');
    expect(input('Rate of line 1').value).toBe(String(catalogueItem.rate));
    expect(input('Tax % of line 1').value).toBe('8.875');
    expect(screen.getByRole('checkbox', { name: 'Taxable line 1' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('total-total').textContent).toBe(formatCents(12050 + 1069));
  });

  it('shows lines as cards on a phone, and moves and removes them', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      mockApi(...lookupRoutes);
      renderApp('/workorder/estimates/new/create', session);
      const user = userEvent.setup();
      await screen.findByRole('heading', { name: 'New Estimate' });
      await addFreeLine(user, 1, 'First', '1', '1');
      await addFreeLine(user, 2, 'Second', '1', '2');
      expect(screen.getByRole('list', { name: 'Lines' })).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Move line 2 up' }));
      expect(input('Name of line 1').value).toBe('Second');
      await user.click(screen.getByRole('button', { name: 'Remove line 1' }));
      expect(input('Name of line 1').value).toBe('First');
      expect(screen.getByTestId('total-total').textContent).toBe('$1.00');
    } finally {
      window.innerWidth = width;
    }
  });

  it('prefills customer, address and contacts from the job it was started from', async () => {
    mockApi(...lookupRoutes);
    renderApp(`/workorder/estimates/new/create?jobId=${JOB_ID}`, session);
    const customer = (await screen.findByRole('combobox', { name: 'Customer' })) as HTMLInputElement;
    expect(customer.value).toBe('Northwind Plumbing');
    expect(customer.disabled).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Job' }) as HTMLInputElement).value).toMatch(/#1042/);
    await waitFor(() => expect(select('Address').value).toBe(ADDRESS_ID));
    expect(select('Site Contact').value).toBe(OTHER_CONTACT_ID);
  });

  it('choosing a job prefills its customer and address and locks the customer', async () => {
    mockApi(...lookupRoutes);
    renderApp('/workorder/estimates/new/create', session);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Existing job' }));
    await user.type(screen.getByRole('combobox', { name: 'Job' }), '104');
    await user.click(await screen.findByRole('option', { name: /#1042/ }));
    await waitFor(() => expect(select('Address').value).toBe(ADDRESS_ID));
    const customer = screen.getByRole('combobox', { name: 'Customer' }) as HTMLInputElement;
    expect(customer.value).toBe('Northwind Plumbing');
    expect(customer.disabled).toBe(true);
    await waitFor(() => expect(select('Billing Contact').value).toBe(BILLING_ID));
  });

  it('saves a new draft in dollars and opens its create page', async () => {
    const created = estimate({ productServices: [] });
    const fetchMock = mockApi(
      route('POST', '/api/estimates', { status: 201, body: { data: created } }),
      route('GET', `/api/estimates/${ESTIMATE_ID}`, { body: { data: created } }),
      ...lookupRoutes,
    );
    const { router } = renderApp('/workorder/estimates/new/create', session);
    const user = userEvent.setup();
    await chooseCustomer(user);
    await addFreeLine(user, 1, 'Filter', '2', '10.00', '8.875');
    await fill(user, screen.getByRole('combobox', { name: 'Payment Term' }), 'Net 30');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/workorder/estimates/${ESTIMATE_ID}/create`));
    expect(bodyOf(calls(fetchMock, 'POST', '/api/estimates')[0])).toEqual({
      mode: 'Draft',
      jobInfo: {
        type: 'NonJob',
        accountId: CUSTOMER_ID,
        jobId: null,
        buildingUnitId: null,
        accountAddressId: ADDRESS_ID,
        billingContactId: BILLING_ID,
        siteContactId: null,
      },
      estimateInfo: {
        terms: 'Net 30',
        dueDate: null,
        isDepositRequired: false,
        depositAmount: 0,
        freight: 0,
        estimateDate: dayIn(new Date(), 'America/New_York'),
        estimateCustomerMessage: null,
      },
      productServices: [{ name: 'Filter', description: null, qty: 2, rate: 10, serviceId: null, isTaxable: true, taxPercent: 8.875 }],
    });
    expect(await screen.findByText('Estimate #12 saved as draft')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Edit Estimate #12' })).toBeTruthy();
  });

  it('sends an existing draft: saves it at its version, then sends it and opens the view page', async () => {
    const draft = estimate({
      tenantAccountAddress: { id: ADDRESS_ID, fullAddress: '12 Harbor St' },
      productServices: [
        {
          id: 'l1',
          name: 'Boiler flush',
          description: null,
          qty: 1,
          rate: 120.5,
          serviceId: SERVICE_ID,
          isTaxable: true,
          taxPercent: 8.875,
          tax: 10.69,
          total: 120.5,
        },
      ],
      subTotal: 120.5,
      taxableSubTotal: 120.5,
      tax: 10.69,
      totalAmount: 131.19,
    });
    const fetchMock = mockApi(
      route('GET', `/api/estimates/${ESTIMATE_ID}`, { body: { data: draft } }),
      route('PUT', `/api/estimates/${ESTIMATE_ID}`, { body: { data: { ...draft, version: 3 } } }),
      route('POST', `/api/estimates/${ESTIMATE_ID}/send`, { body: { data: { ...draft, status: 'SENT', version: 4 } } }),
      ...lookupRoutes,
    );
    const { router } = renderApp(`/workorder/estimates/${ESTIMATE_ID}/create`, session);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Edit Estimate #12' })).toBeTruthy();
    // The server's figures of the saved draft.
    expect(screen.getByTestId('total-total').textContent).toBe('$131.19');
    await fill(user, input('Quantity of line 1'), '2');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/workorder/estimates/${ESTIMATE_ID}`));
    const put = calls(fetchMock, 'PUT', `/api/estimates/${ESTIMATE_ID}`);
    expect(bodyOf(put[0])).toMatchObject({
      mode: 'Draft',
      version: 2,
      productServices: [{ name: 'Boiler flush', qty: 2, rate: 120.5, serviceId: SERVICE_ID }],
    });
    expect(calls(fetchMock, 'POST', `/api/estimates/${ESTIMATE_ID}/send`)).toHaveLength(1);
    const order = fetchMock.mock.calls.map(([, init]) => init?.method ?? 'GET').filter((m) => m !== 'GET');
    expect(order).toEqual(['PUT', 'POST']);
  });

  it("shows the server's field message after a refused save", async () => {
    mockApi(
      route('POST', '/api/estimates', {
        status: 400,
        body: { statusCode: 400, code: 'VALIDATION_FAILED', message: ['Due Date must be a date (YYYY-MM-DD).', 'Something unexpected.'] },
      }),
      ...lookupRoutes,
    );
    renderApp('/workorder/estimates/new/create', session);
    const user = userEvent.setup();
    await chooseCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    const message = await screen.findByText('Due Date must be a date (YYYY-MM-DD).');
    expect(message.id).toBe('doc-dueDate-error');
    expect(screen.getByText('Something unexpected.')).toBeTruthy();
  });

  it('says so when someone else saved first (409), with a reload', async () => {
    mockApi(
      route('GET', `/api/estimates/${ESTIMATE_ID}`, { body: { data: estimate() } }),
      route('PUT', `/api/estimates/${ESTIMATE_ID}`, {
        status: 409,
        body: { statusCode: 409, code: 'STALE_VERSION', message: 'This record was changed by someone else.' },
      }),
      ...lookupRoutes,
    );
    renderApp(`/workorder/estimates/${ESTIMATE_ID}/create`, session);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save Draft' }));
    const alert = await screen.findByText(/This record was changed by someone else\./);
    expect(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reload the latest version' })).toBeTruthy();
  });

  it('shows the status and a link to the view page for a document that is not a draft', async () => {
    mockApi(route('GET', `/api/estimates/${ESTIMATE_ID}`, { body: { data: estimate({ status: 'APPROVED', statusLabel: 'Approved' }) } }), ...lookupRoutes);
    renderApp(`/workorder/estimates/${ESTIMATE_ID}/create`, session);
    const link = await screen.findByRole('link', { name: 'View estimate #12' });
    expect(link.getAttribute('href')).toBe(`/workorder/estimates/${ESTIMATE_ID}`);
    expect(screen.getByText('Approved')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Draft' })).toBeNull();
  });
});
