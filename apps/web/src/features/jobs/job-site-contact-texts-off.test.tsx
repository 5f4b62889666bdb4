import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { BILLING_ID, CUSTOMER_ID, JOB_ID, customer, job } from '../../shared/jobs/test-fixtures';
import { tasksReply } from '../../shared/tasks/test-fixtures';

const site = { id: BILLING_ID, name: 'Bea Billing', mobileNumber: '555-0100' };
const withTextsOff = () => {
  const c = customer();
  return { ...c, contacts: c.contacts.map((p) => (p.id === BILLING_ID ? { ...p, textsOff: { since: '2026-11-20T15:00:00.000Z' } } : p)) };
};

describe('job detail: the site contact who replied STOP', { timeout: 20_000 }, () => {
  it('shows "Texts off" next to the site contact', async () => {
    mockApi(
      route('GET', `/api/jobs/${JOB_ID}`, { body: { data: job({ siteContact: site }) } }),
      route('GET', `/api/customers/${CUSTOMER_ID}`, { body: { data: withTextsOff() } }),
      tasksReply([]),
    );
    renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('Texts off')).toBeTruthy();
    expect(screen.getByLabelText(/^Texts off\. Replied STOP on Nov 20, 2026/)).toBeTruthy();
  });

  it('shows nothing while texts reach the site contact', async () => {
    const fetchMock = mockApi(
      route('GET', `/api/jobs/${JOB_ID}`, { body: { data: job({ siteContact: site }) } }),
      route('GET', `/api/customers/${CUSTOMER_ID}`, { body: { data: customer() } }),
      tasksReply([]),
    );
    renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('Bea Billing')).toBeTruthy();
    expect(await screen.findByText('555-0100')).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u) === `/api/customers/${CUSTOMER_ID}`)).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Texts off')).toBeNull();
  });
});
