import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { CustomerListItem } from '@fieldwork/domain/customers/customers.schemas';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';

const LONG = 'Smith & Sons Heating, Ventilation and Air Conditioning of Greater Springfield LLC';
const item = (o: Partial<CustomerListItem>): CustomerListItem => ({
  id: '00000000-0000-4000-8000-0000000000c1',
  name: 'Smith Family',
  email: null,
  phone: null,
  isActive: true,
  tags: [],
  createdAt: '2026-11-20T15:00:00.000Z',
  primaryAddress: null,
  primaryContact: 'Ana Garcia',
  ...o,
});

describe('customers list', { timeout: 20_000 }, () => {
  it('says what else a search matched, and ellipsises a long name with the full name on hover', async () => {
    mockApi(
      route('GET', '/api/customers', {
        body: {
          data: [item({ matchedOn: 'matches contact Ana Garcia' }), item({ id: '00000000-0000-4000-8000-0000000000c2', name: LONG })],
          pagination: { totalItems: 2, totalPages: 1, currentPage: 1, itemsPerPage: 10 },
        },
      }),
    );
    renderApp('/customers', makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('matches contact Ana Garcia')).toBeTruthy();
    const long = screen.getByText(LONG);
    expect(long.className).toContain('truncate');
    expect(long.getAttribute('title')).toBe(LONG);
  });
});
