import { describe, expect, it } from 'vitest';
import { centsToDollars, computeTotals, divRoundHalfAway, dollarsToCents, lineTaxCents, lineTotalCents, marginOf, MAX_LINES, MAX_QTY, MAX_RATE_CENTS, MAX_TOTAL_CENTS, MONEY_MESSAGES, toScaledInteger } from './money.ts';

const line = (qty: number, rateCents: number, taxPercent = 0) => ({ qtyMilli: Math.round(qty * 1000), rateCents, isTaxable: taxPercent > 0, taxPercentMilli: Math.round(taxPercent * 1000) });

describe('dollars and cents', () => {
  it.each([
    [0, 0], [1, 100], [1.5, 150], [12.34, 1234], [0.01, 1], [-2.5, -250], [10_000_000, 1_000_000_000], [0.1, 10], [19.99, 1999],
  ])('%s dollars is %s cents', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
    expect(centsToDollars(cents)).toBe(dollars);
  });
  it.each([1.234, 0.001, 0.1 + 0.2, 1e-7, 1e21, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s (more than 2 places or not exact)', (v) => {
    expect(dollarsToCents(v)).toBeNull();
  });
  it('scales quantities to 3 places', () => {
    expect(toScaledInteger(1.125, 3)).toBe(1125);
    expect(toScaledInteger(1.1255, 3)).toBeNull();
  });
});

describe('rounding', () => {
  it('rounds half away from zero', () => {
    expect(divRoundHalfAway(5n, 10n)).toBe(1n);
    expect(divRoundHalfAway(4n, 10n)).toBe(0n);
    expect(divRoundHalfAway(15n, 10n)).toBe(2n);
    expect(divRoundHalfAway(-15n, 10n)).toBe(-2n);
    expect(divRoundHalfAway(-14n, 10n)).toBe(-1n);
  });
  it.each([
    [1, 1999, 1999n], [1.5, 333, 500n], [0.333, 100, 33n], [0.335, 100, 34n], [2.5, 1, 3n], [0.001, 1, 0n], [0.005, 100, 1n], [3, 3333, 9999n],
  ])('qty %s × %s cents = %s', (qty, rate, total) => {
    expect(lineTotalCents(Math.round(qty * 1000), rate)).toBe(total);
  });
});

describe('tax per line', () => {
  it('taxes each line at its own percent, rounded per line, and only taxable lines', () => {
    expect(lineTaxCents(1000n, { isTaxable: true, taxPercentMilli: 8875 })).toBe(89n); // 88.75 → 89
    expect(lineTaxCents(1000n, { isTaxable: false, taxPercentMilli: 8875 })).toBe(0n);
    expect(lineTaxCents(5n, { isTaxable: true, taxPercentMilli: 10_000 })).toBe(1n); // 0.5 → 1
    const r = computeTotals([line(1, 1000, 8.875), line(1, 1000, 8.875), line(2, 250), line(1, 333, 5)], 0, { required: false, amountCents: 0 });
    if (!r.ok) throw new Error(r.message);
    // per line: 89 + 89 + 0 + 17 (16.65 → 17); summing first would give 88.75+88.75+16.65 = 194.15 → 194
    expect(r.totals.lines.map((l) => l.taxCents)).toEqual([89, 89, 0, 17]);
    expect(r.totals).toMatchObject({ subTotalCents: 2833, taxableSubTotalCents: 2333, taxCents: 195, totalCents: 3028, depositCents: 0 });
  });
});

describe('freight and deposit', () => {
  it('adds freight to the total and keeps a required deposit', () => {
    const r = computeTotals([line(2, 5000, 10)], 1500, { required: true, amountCents: 2000 });
    expect(r).toEqual({ ok: true, totals: { lines: [{ totalCents: 10000, taxCents: 1000 }], subTotalCents: 10000, taxableSubTotalCents: 10000, taxCents: 1000, freightCents: 1500, depositCents: 2000, totalCents: 12500 } });
  });
  it('drops the deposit when not required and refuses one above the total', () => {
    const none = computeTotals([line(1, 100)], 0, { required: false, amountCents: 5000 });
    expect(none.ok && none.totals.depositCents).toBe(0);
    expect(computeTotals([line(1, 100)], 0, { required: true, amountCents: 101 })).toEqual({ ok: false, message: MONEY_MESSAGES.depositTooLarge });
    expect(computeTotals([line(1, 100)], 0, { required: true, amountCents: 100 }).ok).toBe(true);
  });
  it('an empty document totals zero', () => {
    const r = computeTotals([], 0, { required: false, amountCents: 0 });
    expect(r.ok && r.totals.totalCents).toBe(0);
  });
});

describe('bounds', () => {
  it('the largest line is exact and safe', () => {
    expect(lineTotalCents(MAX_QTY * 1000, MAX_RATE_CENTS)).toBe(100_000_000_000_000n);
    expect(Number.isSafeInteger(MAX_TOTAL_CENTS)).toBe(true);
  });
  it('refuses a total past the bound instead of overflowing, whatever the lines', () => {
    const many = Array.from({ length: MAX_LINES }, () => line(MAX_QTY, MAX_RATE_CENTS, 100));
    expect(computeTotals(many, 0, { required: false, amountCents: 0 })).toEqual({ ok: false, message: MONEY_MESSAGES.totalTooLarge });
    const justUnder = computeTotals([line(MAX_QTY, MAX_RATE_CENTS)], 0, { required: false, amountCents: 0 });
    expect(justUnder.ok && justUnder.totals.totalCents).toBe(MAX_TOTAL_CENTS);
    expect(computeTotals([line(MAX_QTY, MAX_RATE_CENTS)], 1, { required: false, amountCents: 0 }).ok).toBe(false);
  });
});

describe('margin', () => {
  it('is revenue minus cost, as a percentage with 2 places', () => {
    expect(marginOf(10000, 0)).toEqual({ totalRevenueCents: 10000, totalMarginCents: 10000, marginPercentage: 100 });
    expect(marginOf(30000, 10000)).toEqual({ totalRevenueCents: 30000, totalMarginCents: 20000, marginPercentage: 66.67 });
    expect(marginOf(0, 0).marginPercentage).toBe(0);
  });
});
