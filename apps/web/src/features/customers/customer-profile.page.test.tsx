import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Customer } from '@fieldwork/domain/customers/customers.schemas';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';

const ID = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const customer: Customer = {
  id: ID,
  name: 'Smith Household',
  email: null,
  phone: null,
  notes: null,
  isActive: true,
  tags: [],
  customerAddress: [{ id: 'a1', addressLine1: '1 Main St', buildingUnit: null, fullAddress: '1 Main St, Springfield' }],
  contacts: [
    { id: 'c1', name: 'Ana Smith', email: 'ana@example.com', mobileNumber: '(201) 555-0177', isBilling: true, textsOff: { since: '2026-11-20T15:00:00.000Z' } },
    { id: 'c2', name: 'Ben Smith', email: null, mobileNumber: '201-555-0178', isBilling: false, textsOff: null },
  ],
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
  version: 1,
};

describe('customer profile: a contact who replied STOP', { timeout: 20_000 }, () => {
  it('shows "Texts off" on that contact only, explaining since when and how it ends', async () => {
    mockApi(
      route('GET', `/api/customers/${ID}`, { body: { data: customer } }),
      // The page also lists the customer's service plans.
      route('GET', '/api/plans', { body: { data: [], pagination: { totalItems: 0, totalPages: 0, currentPage: 1, itemsPerPage: 10 } } }),
    );
    renderApp(`/customer/${ID}/view-profile`, makeSession('Admin', 'fullAccess'));
    const contacts = within((await screen.findByRole('heading', { name: 'Contacts (2)' })).closest('section')!);
    const [ana, ben] = contacts.getAllByRole('listitem');
    expect(within(ana!).getByText('Texts off')).toBeTruthy();
    expect(within(ben!).queryByText('Texts off')).toBeNull();
    const explanation = 'Replied STOP on Nov 20, 2026 — texts resume if they reply START. Emails still go.';
    expect(within(ana!).getByLabelText(`Texts off. ${explanation}`)).toBeTruthy();
    await userEvent.setup().hover(within(ana!).getByText('Texts off'));
    expect((await screen.findAllByText(explanation)).length).toBeGreaterThan(0);
  });
});
