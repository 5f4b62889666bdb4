import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { NO_PAYMENTS_TEXT, PaymentsList } from './payments-list';

describe('payments list', () => {
  it('lists date, method label, reference and amount', () => {
    render(
      <PaymentsList
        payments={[
          { id: 'p1', amount: 100, paidOn: '2025-03-06', method: 'BANK_TRANSFER', reference: 'TX-1', createdAt: '2025-03-06T10:00:00.000Z' },
          { id: 'p2', amount: 50.5, paidOn: '2025-03-07', method: 'CHECK', reference: null, createdAt: '2025-03-07T10:00:00.000Z' },
        ]}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Payments' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['Mar 6, 2025', 'Bank transfer', 'TX-1', '$100.00'],
      ['Mar 7, 2025', 'Check', '—', '$50.50'],
    ]);
  });

  it('says when nothing was paid yet', () => {
    render(<PaymentsList payments={[]} />);
    expect(screen.getByText(NO_PAYMENTS_TEXT)).toBeTruthy();
  });
});
