import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { ADDRESS_ID, BILLING_ID, CUSTOMER_ID, JOB_ID, customer, job, pageOf } from '../../shared/jobs/test-fixtures';

const customerRoutes = [
  route('GET', `/api/customers/${CUSTOMER_ID}`, { body: { data: customer() } }),
  route('GET', '/api/customers', {
    body: pageOf([
      {
        id: CUSTOMER_ID,
        name: 'Northwind Plumbing',
        email: null,
        phone: null,
        isActive: true,
        tags: [],
        createdAt: '2025-01-01T00:00:00.000Z',
        primaryAddress: '12 Harbor St',
        primaryContact: null,
      },
    ]),
  }),
];

const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;

describe('job form', { timeout: 20_000 }, () => {
  it('fills the first address and the billing contact when a customer is chosen', async () => {
    mockApi(...customerRoutes);
    renderApp('/workorder/jobs/create', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    const customerInput = await screen.findByRole('combobox', { name: 'Customer' });
    expect(select('Site Address').disabled).toBe(true);
    await user.type(customerInput, 'North');
    await user.click(await screen.findByRole('option', { name: /Northwind Plumbing/ }));
    await waitFor(() => expect(select('Site Address').value).toBe(ADDRESS_ID));
    expect(select('Site Contact').value).toBe(BILLING_ID);
    expect((customerInput as HTMLInputElement).value).toBe('Northwind Plumbing');
    // Only addresses with a building/unit are offered there.
    expect(
      within(select('Building/Unit'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'Unit 5 — 40 Pier Rd']);
  });

  it('prefills from the link: customer, lead marker, and sends the CRM lead', async () => {
    const LEAD = '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
    const fetchMock = mockApi(...customerRoutes, route('POST', '/api/jobs', { status: 201, body: { data: { id: JOB_ID, jobNumber: 1042 } } }));
    renderApp(`/workorder/jobs/create?customerId=${CUSTOMER_ID}&leadId=${LEAD}&leadNumber=17`, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    expect(await screen.findByText('From lead #17')).toBeTruthy();
    await waitFor(() => expect(select('Site Address').value).toBe(ADDRESS_ID));
    expect(select('Site Contact').value).toBe(BILLING_ID);
    expect((screen.getByRole('combobox', { name: 'Customer' }) as HTMLInputElement).value).toBe('Northwind Plumbing');
    await user.type(screen.getByRole('textbox', { name: 'Job Name' }), 'From the lead');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ crmLeadId: LEAD, customerId: CUSTOMER_ID });
  });

  it('copies an existing job as the template (jobId=…)', async () => {
    mockApi(...customerRoutes, route('GET', `/api/jobs/${JOB_ID}`, { body: { data: job({ description: 'Annual service' }) } }));
    renderApp(`/workorder/jobs/create?jobId=${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('Copied from job #1042')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Job Name' }) as HTMLInputElement).value).toBe('Boiler service');
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe('Annual service');
    await waitFor(() => expect(select('Site Address').value).toBe(ADDRESS_ID));
    expect(select('Job Lead').value).toBe(job().jobLead?.userId);
    // A copy is a new job: the customer can still be changed.
    expect((screen.getByRole('combobox', { name: 'Customer' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('asks for the required selects and limits the name to 50 symbols', async () => {
    mockApi(...customerRoutes);
    renderApp('/workorder/jobs/create', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Job Name' });
    await user.click(name);
    await user.paste('x'.repeat(51));
    expect(screen.getByText('Max length 50 symbols')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByText('Max length 50 symbols')).toBeTruthy();
  });

  it("shows the server's messages under their fields and the create failure toast", async () => {
    const fetchMock = mockApi(
      ...customerRoutes,
      route('POST', '/api/jobs', {
        status: 400,
        body: {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: [
            'Site Address must be a valid UUID.',
            'Job Name must be less than or equal to 50 characters.',
            'Tag ID must be a valid UUID.',
            'Something unexpected.',
          ],
        },
      }),
    );
    renderApp(`/workorder/jobs/create?customerId=${CUSTOMER_ID}`, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await waitFor(() => expect(select('Site Address').value).toBe(ADDRESS_ID));
    await user.type(screen.getByRole('textbox', { name: 'Job Name' }), 'Boiler service');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Site Address must be a valid UUID.')).toBeTruthy();
    expect(screen.getByText('Job Name must be less than or equal to 50 characters.')).toBeTruthy();
    expect(screen.getByText('Tag ID must be a valid UUID.')).toBeTruthy();
    expect(screen.getByText('Something unexpected.')).toBeTruthy();
    expect(await screen.findByText('Failed to create new')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    const body = JSON.parse(String(post?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ customerId: CUSTOMER_ID, siteAddressId: ADDRESS_ID, siteContactId: BILLING_ID, name: 'Boiler service', tags: [], zones: [] });
    expect(String(body.sessionToken).length).toBe(72);
  });

  it('opens the new job with the created marker after saving', async () => {
    mockApi(
      ...customerRoutes,
      route('POST', '/api/jobs', { status: 201, body: { data: { id: JOB_ID, jobNumber: 1042 } } }),
      route('GET', `/api/jobs/${JOB_ID}`, { body: { data: job() } }),
    );
    const { router } = renderApp(`/workorder/jobs/create?customerId=${CUSTOMER_ID}`, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await waitFor(() => expect(select('Site Address').value).toBe(ADDRESS_ID));
    await user.type(screen.getByRole('textbox', { name: 'Job Name' }), 'Boiler service');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/workorder/jobs/${JOB_ID}`), { timeout: 3000 });
    expect(router.state.location.search).toMatchObject({ new: true });
    expect(await screen.findByText('Job created')).toBeTruthy();
  });

  it('says "Failure" when the server returns no id', async () => {
    mockApi(...customerRoutes, route('POST', '/api/jobs', { status: 201, body: { data: null } }));
    renderApp(`/workorder/jobs/create?customerId=${CUSTOMER_ID}`, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await waitFor(() => expect(select('Site Address').value).toBe(ADDRESS_ID));
    await user.type(screen.getByRole('textbox', { name: 'Job Name' }), 'Boiler service');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failure')).toBeTruthy();
    expect(screen.getByText('Something went wrong!')).toBeTruthy();
  });

  it('keeps Improve with AI disabled without a description and writes one with Generate', async () => {
    const fetchMock = mockApi(
      ...customerRoutes,
      route('POST', '/api/aiText/generate', { body: { data: { description: 'Service the boiler.', provider: 'offline' } } }),
    );
    renderApp('/workorder/jobs/create', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    const improve = (await screen.findByRole('button', { name: 'Improve with AI' })) as HTMLButtonElement;
    expect(improve.disabled).toBe(true);
    expect(screen.getByText('Description is required!')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Job Name' }), 'Boiler service');
    await user.click(screen.getByRole('button', { name: 'Generate with AI' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe('Service the boiler.'));
    expect(screen.getByText('Written by the offline writer')).toBeTruthy();
    expect(improve.disabled).toBe(false);
    expect(screen.queryByText('Description is required!')).toBeNull();
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/aiText/generate'));
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      aiTextType: 'JobDescription',
      requestType: 'Generate',
      inputData: { jobName: 'Boiler service', jobTags: [] },
    });
  });

  it('toasts the AI failure with the server message', async () => {
    mockApi(
      route('POST', '/api/aiText/generate', {
        status: 502,
        body: { statusCode: 502, code: 'UPSTREAM_FAILED', message: 'The writing assistant is unavailable. Please try again.' },
      }),
    );
    renderApp('/workorder/jobs/create', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Description' }), 'Old text');
    await user.click(screen.getByRole('button', { name: 'Improve with AI' }));
    expect(await screen.findByText('Improving failure')).toBeTruthy();
    expect(screen.getByText('The writing assistant is unavailable. Please try again.')).toBeTruthy();
  });

  it('keeps the customer fixed when editing and sends the version', async () => {
    const fetchMock = mockApi(
      ...customerRoutes,
      route('GET', `/api/jobs/${JOB_ID}`, { body: { data: job() } }),
      route('PUT', `/api/jobs/${JOB_ID}`, { body: { data: job({ version: 4 }) } }),
    );
    renderApp(`/workorder/jobs/${JOB_ID}/edit`, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    const customerInput = (await screen.findByRole('combobox', { name: 'Customer' })) as HTMLInputElement;
    expect(customerInput.disabled).toBe(true);
    expect(customerInput.value).toBe('Northwind Plumbing');
    await waitFor(() => expect(select('Site Address').value).toBe(ADDRESS_ID));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    const body = JSON.parse(String(put?.[1]?.body)) as Record<string, unknown>;
    expect(body.version).toBe(3);
    expect(body).not.toHaveProperty('customerId');
  });

  it('shows the stale-version message and reloads the form', async () => {
    let loads = 0;
    mockApi(
      ...customerRoutes,
      (url, init) => {
        if (url.pathname !== `/api/jobs/${JOB_ID}` || (init?.method ?? 'GET') !== 'GET') return undefined;
        loads += 1;
        return { body: { data: job(loads > 1 ? { version: 5, name: 'Renamed elsewhere' } : {}) } };
      },
      route('PUT', `/api/jobs/${JOB_ID}`, {
        status: 409,
        body: { statusCode: 409, code: 'STALE_VERSION', message: 'This record was changed by someone else. Reload and try again.' },
      }),
    );
    renderApp(`/workorder/jobs/${JOB_ID}/edit`, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await waitFor(() => expect(select('Site Address').value).toBe(ADDRESS_ID));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/The form now shows the latest saved version/)).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Job Name' }) as HTMLInputElement).value).toBe('Renamed elsewhere'));
  });

  it('offers as Job Lead and Sales Manager only people who can hold the role', async () => {
    const person = (id: string, name: string, role: string, access: string) => ({
      ...makeSession(role as never, access as never).user,
      id,
      name,
      role,
      access,
    });
    const people = [
      person('u-admin', 'Ada Admin', 'Admin', 'fullAccess'),
      person('u-staff', 'Sam Staff', 'Staff', 'partialAccess'),
      person('u-tech', 'Tom Tech', 'Technician', 'noAccess'),
      person('u-view', 'Vera Viewer', 'Staff', 'onlyViewAccess'),
      person('u-none', 'Nick None', 'Staff', 'noAccess'),
      person('u-sub', 'Sue Sub', 'SubContractor', 'noAccess'),
    ];
    const fetchMock = mockApi(
      ...customerRoutes,
      route('GET', '/api/user', { body: { items: people, meta: { total: 6, totalPages: 1, page: 1, limit: 100 } } }),
    );
    renderApp('/workorder/jobs/create', makeSession('Admin', 'fullAccess'));
    await screen.findByRole('textbox', { name: 'Job Name' });
    const names = (label: string) =>
      within(select(label))
        .getAllByRole('option')
        .map((o) => o.textContent);
    await waitFor(() => expect(names('Job Lead')).toEqual(['None', 'Ada Admin', 'Sam Staff', 'Tom Tech']));
    await waitFor(() => expect(names('Sales Manager')).toEqual(['None', 'Ada Admin', 'Sam Staff']));
    const asked = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://x'))
      .filter((u) => u.pathname === '/api/user')
      .map((u) => u.searchParams.get('eligibleFor'));
    expect(asked.sort()).toEqual(['jobLead', 'salesManager']);
  });
});
