import { describe, expect, it } from 'vitest';
import { DASHBOARD_FIGURES, financeFigures } from './dashboard-figures.rules.ts';

describe('dashboard figures', () => {
  it('every figure has a label and a definition sentence', () => {
    for (const [key, f] of Object.entries(DASHBOARD_FIGURES)) {
      expect(f.label, key).not.toBe('');
      expect(f.definition, key).toMatch(/\.$/);
    }
  });

  it('the finance card reconciles: gross margin = revenue − job costs, margin % = gross margin ÷ revenue (before tax)', () => {
    // The demo's shape: $5,950.00 invoiced with tax on a $5,489.00 subtotal, $270.50 of job costs.
    const f = financeFigures({ invoicedCents: 595_000, subtotalCents: 548_900, invoiceCount: 10, collectedCents: 100_000, jobCostCents: 27_050 });
    expect(f.grossMargin).toBe(f.revenue - f.jobCosts);
    expect(f.marginPercentage).toBe(Math.round((f.grossMargin / f.revenue) * 10_000) / 100);
    expect(f.marginPercentage).toBe(95.07);
    // Not on Invoiced (tax included): that ratio is the 87.7 % a reader could not match.
    expect(Math.round((f.grossMargin / f.invoiced) * 1000) / 10).toBe(87.7);
    expect(f.averageInvoice).toBe(59_500);
  });

  it('nothing invoiced: margin % is 0, not a division by zero', () => {
    expect(financeFigures({ invoicedCents: 0, subtotalCents: 0, invoiceCount: 0, collectedCents: 0, jobCostCents: 5_000 })).toMatchObject({
      grossMargin: -5_000,
      marginPercentage: 0,
      averageInvoice: 0,
    });
  });
});
