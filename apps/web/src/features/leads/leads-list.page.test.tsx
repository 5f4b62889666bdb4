import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Lead } from '@fieldwork/domain/customers/leads.schemas';
import { FakeEventSource, makeSession, mockApi, renderApp, route } from '../../test-utils';
import { newLeadText } from './use-new-leads-live';
import { CUSTOMER_ID, pageOf } from '../../shared/jobs/test-fixtures';

const LEAD_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const lead = (overrides: Partial<Lead> = {}): Lead => ({
  id: LEAD_ID,
  leadNumber: 17,
  customer: { id: CUSTOMER_ID, name: 'Northwind Plumbing' },
  status: 'QUALIFIED',
  source: 'AI_RECEPTIONIST',
  notes: null,
  job: null,
  photos: [],
  createdAt: '2025-03-04T15:00:00.000Z',
  ...overrides,
});

describe('leads', { timeout: 20_000 }, () => {
  it('appears in the sidebar after Customers for office users only', async () => {
    mockApi(route('GET', '/api/leads', { body: pageOf([]) }));
    renderApp('/dashboard', makeSession('Staff', 'partialAccess'));
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    const labels = nav.getAllByRole('link').map((a) => a.textContent);
    expect(labels.indexOf('Leads')).toBe(labels.indexOf('Customers') + 1);
  });

  it('lists leads and links "Create job" to a prefilled job form', async () => {
    mockApi(route('GET', '/api/leads', { body: pageOf([lead(), lead({ id: 'other', leadNumber: 18, job: { id: 'j1', jobNumber: 1042 } })]) }));
    renderApp('/leads', makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('#17')).toBeTruthy();
    expect(screen.getAllByText('AI receptionist')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Job #1042' })).toBeTruthy();
    const create = screen.getAllByRole('link', { name: /Create job from lead/ });
    expect(create).toHaveLength(1);
    const href = create[0]?.getAttribute('href') ?? '';
    expect(href).toContain('/workorder/jobs/create?');
    expect(href).toContain(`leadId=${LEAD_ID}`);
    expect(href).toContain(`customerId=${CUSTOMER_ID}`);
    expect(href).toContain('leadNumber=17&');
  });

  it('asks for a customer and a source in the New lead dialog', async () => {
    const fetchMock = mockApi(route('GET', '/api/leads', { body: pageOf([]) }));
    renderApp('/leads', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New lead' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New lead' }));
    await user.click(dialog.getByRole('button', { name: 'Create lead' }));
    await waitFor(() => expect(dialog.getAllByText('This field is required')).toHaveLength(2));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows the photos a customer sent as thumbnails; one opens large, and the others are a click away', async () => {
    const photos = ['f1', 'f2'].map((f) => ({ id: f, url: `/api/leads/${LEAD_ID}/photos/${f}` }));
    mockApi(route('GET', '/api/leads', { body: pageOf([lead({ photos }), lead({ id: 'bare', leadNumber: 18 })]) }));
    renderApp('/leads', makeSession('Staff', 'onlyViewAccess'));
    const thumbs = await screen.findAllByRole('button', { name: /Open photo \d of 2 on lead #17/ });
    expect(thumbs).toHaveLength(2);
    expect(thumbs[1]!.querySelector('img')!.getAttribute('src')).toBe(`/api/leads/${LEAD_ID}/photos/f2`);
    expect(screen.queryByRole('button', { name: /on lead #18/ })).toBeNull();
    const user = userEvent.setup();
    await user.click(thumbs[1]!);
    const dialog = within(await screen.findByRole('dialog', { name: 'Lead #17 · photo 2 of 2' }));
    expect(dialog.getByRole('img', { name: 'Photo 2 sent with lead #17' }).getAttribute('src')).toBe(`/api/leads/${LEAD_ID}/photos/f2`);
    await user.click(dialog.getByRole('button', { name: 'Show photo 1' }));
    expect((await screen.findByRole('dialog', { name: 'Lead #17 · photo 1 of 2' })).querySelector('img')!.getAttribute('src')).toBe(
      `/api/leads/${LEAD_ID}/photos/f1`,
    );
  });
});

describe('a customer asks for work in the portal', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeEventSource.all = [];
  });

  it('the office hears of it on any page: the leads list refreshes and a toast names the lead', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let listed: Lead[] = [];
    const fetchMock = mockApi(route('GET', `/api/leads/${LEAD_ID}`, { body: { data: lead({ status: 'NEW', source: 'WEBSITE', leadNumber: 23 }) } }), (url) =>
      url.pathname === '/api/leads' ? { body: pageOf(listed) } : undefined,
    );
    renderApp('/leads', makeSession('Admin', 'fullAccess'));
    await waitFor(() => expect(FakeEventSource.listening('lead.created')).toBeDefined());
    listed = [lead({ status: 'NEW', source: 'WEBSITE', leadNumber: 23 })];
    act(() =>
      FakeEventSource.listening('lead.created')!.emit('lead.created', {
        type: 'lead.created',
        recordId: LEAD_ID,
        taskId: null,
        jobId: null,
        taskNumber: null,
        at: '',
      }),
    );
    expect(await screen.findByText(newLeadText(23, 'Northwind Plumbing'))).toBeTruthy();
    expect(await screen.findByText('#23')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith(`/api/leads/${LEAD_ID}`))).toBe(true);
  });

  it('nobody who may not read leads listens for them', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    mockApi();
    renderApp('/my-day', makeSession('Technician'));
    await screen.findByRole('navigation', { name: 'Main' });
    expect(FakeEventSource.listening('lead.created')).toBeUndefined();
  });
});
