import { describe, expect, it } from 'vitest';
import { planInvoiceDates, planInvoiceKey, planInvoiceLine, periodsToDraft } from './plan-invoices.rules.ts';

const rule = (startDate: string, endDate: string | null = null) => ({ startDate, endDate });

describe('periodsToDraft', () => {
  it.each([
    // billing, plan start / end, entered, today → period starts drafted
    { billing: 'per_visit', r: rule('2026-01-01'), entered: '2026-01-01', today: '2026-01-10', starts: [] },
    { billing: 'monthly', r: rule('2026-01-01'), entered: '2026-01-01', today: '2026-01-01', starts: ['2026-01-01'] },
    { billing: 'monthly', r: rule('2026-01-01'), entered: '2026-01-01', today: '2026-01-18', starts: ['2026-02-01'] },
    { billing: 'monthly', r: rule('2026-01-31'), entered: '2026-01-01', today: '2026-02-20', starts: ['2026-02-28'] },
    { billing: 'monthly', r: rule('2026-01-31'), entered: '2026-01-01', today: '2026-03-20', starts: ['2026-03-31'] },
    // a worker down for ten days catches up on the period it missed, and the next
    { billing: 'monthly', r: rule('2026-01-01'), entered: '2026-01-01', today: '2026-03-10', starts: ['2026-03-01'] },
    { billing: 'monthly', r: rule('2026-01-01'), entered: '2026-01-01', today: '2026-03-19', starts: ['2026-04-01'] },
    { billing: 'quarterly', r: rule('2026-01-15'), entered: '2026-01-10', today: '2026-04-01', starts: ['2026-04-15'] },
    { billing: 'yearly', r: rule('2024-02-29'), entered: '2024-01-01', today: '2027-02-20', starts: ['2027-02-28'] },
    { billing: 'yearly', r: rule('2024-02-29'), entered: '2024-01-01', today: '2028-02-20', starts: ['2028-02-29'] },
    // entered late: the months before are not billed
    { billing: 'monthly', r: rule('2025-06-01'), entered: '2026-01-10', today: '2026-01-10', starts: [] },
    { billing: 'monthly', r: rule('2025-06-01'), entered: '2026-01-10', today: '2026-01-20', starts: ['2026-02-01'] },
    // the end date ends the last period and stops the next
    { billing: 'monthly', r: rule('2026-01-01', '2026-03-15'), entered: '2026-01-01', today: '2026-02-20', starts: ['2026-03-01'] },
    { billing: 'monthly', r: rule('2026-01-01', '2026-03-15'), entered: '2026-01-01', today: '2026-03-25', starts: [] },
  ] as const)('$billing $r.startDate entered $entered, today $today → $starts', ({ billing, r, entered, today, starts }) => {
    expect(periodsToDraft(billing, r, entered, today).map((p) => (p.kind === 'period' ? p.start : ''))).toEqual(starts);
  });

  it('a period ends the day before the next starts, or with the plan', () => {
    expect(periodsToDraft('quarterly', rule('2026-01-31'), '2026-01-01', '2026-04-20')).toEqual([{ kind: 'period', start: '2026-04-30', end: '2026-07-30' }]);
    expect(periodsToDraft('monthly', rule('2026-01-01', '2026-03-15'), '2026-01-01', '2026-02-20')).toEqual([
      { kind: 'period', start: '2026-03-01', end: '2026-03-15' },
    ]);
  });
});

describe('the invoice of a visit or a period', () => {
  const plan = { name: 'Pool care', planNumber: 7, priceCents: 14_950 };

  it('bills the plan’s price as one untaxed line, named for the visit or the period', () => {
    expect(planInvoiceLine(plan, { kind: 'visit', taskId: 't1', date: '2026-03-12' })).toEqual({
      name: 'Pool care',
      description: 'Service plan #7: visit on Mar 12, 2026',
      qty: 1000,
      rate: 14_950,
      serviceId: null,
      isTaxable: false,
      taxPercent: 0,
    });
    expect(planInvoiceLine(plan, { kind: 'period', start: '2026-03-01', end: '2026-03-31' }).description).toBe('Service plan #7: Mar 1, 2026 – Mar 31, 2026');
  });

  it('is keyed once per visit or period, dated the close day or the period’s first day', () => {
    expect(planInvoiceKey({ kind: 'visit', taskId: 't1', date: '2026-03-12' })).toBe('visit:t1');
    expect(planInvoiceKey({ kind: 'period', start: '2026-03-01', end: '2026-03-31' })).toBe('period:2026-03-01');
    expect(planInvoiceDates({ kind: 'visit', taskId: 't1', date: '2026-03-12' })).toEqual({ invoiceDate: '2026-03-12', dueDate: null });
    expect(planInvoiceDates({ kind: 'period', start: '2026-03-01', end: '2026-03-31' })).toEqual({ invoiceDate: '2026-03-01', dueDate: '2026-03-01' });
  });
});
