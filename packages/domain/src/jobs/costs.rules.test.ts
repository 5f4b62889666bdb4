import { describe, expect, it } from 'vitest';
import { activityHoursMilli, analyseJobCosts, COST_MESSAGES, costAmountCents, costTotals, type CostFigures } from './costs.rules.ts';
import { MAX_RATE_CENTS } from '../common/money.rules.ts';

const f = (o: Partial<CostFigures> & Pick<CostFigures, 'costType'>): CostFigures => ({
  quantityMilli: null,
  rateCents: null,
  milesMilli: null,
  mileRateCents: null,
  amountCents: null,
  ...o,
});

describe('cost amounts', () => {
  it.each([
    ['LABOR 2.5 h at $30.00', f({ costType: 'LABOR', quantityMilli: 2500, rateCents: 3000 }), 7500],
    ['LABOR 0.333 h at $10.00 rounds half away', f({ costType: 'LABOR', quantityMilli: 333, rateCents: 1000 }), 333],
    ['MATERIAL 3 × $12.50', f({ costType: 'MATERIAL', quantityMilli: 3000, rateCents: 1250 }), 3750],
    [
      'VEHICLE 1.5 h at $25 + 12.5 mi at $0.65',
      f({ costType: 'VEHICLE', quantityMilli: 1500, rateCents: 2500, milesMilli: 12500, mileRateCents: 65 }),
      3750 + 813,
    ],
    ['EQUIPMENT 2 days at $450', f({ costType: 'EQUIPMENT', quantityMilli: 2000, rateCents: 45000 }), 90000],
    ['SUBCONTRACTOR entered amount', f({ costType: 'SUBCONTRACTOR', amountCents: 120000 }), 120000],
    ['OTHER entered amount', f({ costType: 'OTHER', amountCents: 7525 }), 7525],
  ])('%s', (_label, figures, cents) => {
    expect(costAmountCents(figures)).toEqual({ ok: true, cents });
  });

  it('computes past 2^53 in BigInt and refuses an amount past the bound', () => {
    expect(costAmountCents(f({ costType: 'MATERIAL', quantityMilli: 100_000_000, rateCents: MAX_RATE_CENTS }))).toEqual({
      ok: true,
      cents: 100_000_000_000_000,
    });
    expect(
      costAmountCents(
        f({ costType: 'VEHICLE', quantityMilli: 10_000_000, rateCents: MAX_RATE_CENTS, milesMilli: 1_000_000_000, mileRateCents: MAX_RATE_CENTS }),
      ),
    ).toEqual({ ok: false, message: COST_MESSAGES.amountTooLarge });
  });

  it('rounds a work period to the hundredth of an hour', () => {
    expect(activityHoursMilli('2026-01-01T08:00:00Z', '2026-01-01T10:30:00Z')).toBe(2500);
    expect(activityHoursMilli('2026-01-01T08:00:00Z', '2026-01-01T08:00:18Z')).toBe(10);
    expect(activityHoursMilli('2026-01-01T08:00:00Z', '2026-01-01T08:00:17Z')).toBe(0);
    expect(activityHoursMilli('2026-01-01T10:00:00Z', '2026-01-01T08:00:00Z')).toBe(0);
  });
});

describe('job cost analysis', () => {
  it('counts and totals per category, variance against the estimate and margin on invoiced revenue', () => {
    const a = analyseJobCosts({
      actual: [
        { costType: 'LABOR', amountCents: 10_000 },
        { costType: 'LABOR', amountCents: 5_000 },
        { costType: 'MATERIAL', amountCents: 2_500, count: 3 },
      ],
      estimated: [
        { costType: 'LABOR', amountCents: 12_000 },
        { costType: 'VEHICLE', amountCents: 1_000 },
      ],
      invoicedSubtotalCents: 40_000,
      approvedEstimatesSubtotalCents: 50_000,
    });
    expect(a.actual.count).toMatchObject({ laborCost: 2, materialCost: 3, total: 5 });
    expect(a.actual.totalCents).toMatchObject({ laborCost: 15_000, materialCost: 2_500, vehicleCost: 0, total: 17_500 });
    expect(a.varianceCents).toMatchObject({ laborCost: -3_000, materialCost: -2_500, vehicleCost: 1_000, total: -4_500 });
    expect(a).toMatchObject({ revenueCents: 40_000, revenueSource: 'INVOICES', marginCents: 22_500, marginPercentage: 56.25 });
  });

  it('falls back to the approved estimates while nothing is invoiced, and to none', () => {
    expect(analyseJobCosts({ actual: [], estimated: [], invoicedSubtotalCents: null, approvedEstimatesSubtotalCents: 10_000 })).toMatchObject({
      revenueCents: 10_000,
      revenueSource: 'ESTIMATES',
      marginPercentage: 100,
    });
    expect(
      analyseJobCosts({ actual: [{ costType: 'OTHER', amountCents: 100 }], estimated: [], invoicedSubtotalCents: null, approvedEstimatesSubtotalCents: null }),
    ).toMatchObject({ revenueCents: 0, revenueSource: 'NONE', marginCents: -100, marginPercentage: 0 });
    expect(costTotals([]).count.total).toBe(0);
  });
});
