import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  computeTotals,
  divRoundHalfAway,
  dollarsToCents,
  lineTotalCents,
  taxCentsAt,
  marginOf,
  MAX_LINES,
  MAX_QTY,
  MAX_RATE_CENTS,
  MAX_TOTAL_CENTS,
  MONEY_MESSAGES,
  toScaledInteger,
} from './money.rules.ts';

const line = (qty: number, rateCents: number, taxPercent = 0) => ({
  qtyMilli: Math.round(qty * 1000),
  rateCents,
  isTaxable: taxPercent > 0,
  taxPercentMilli: Math.round(taxPercent * 1000),
});

describe('dollars and cents', () => {
  it.each([
    [0, 0],
    [1, 100],
    [1.5, 150],
    [12.34, 1234],
    [0.01, 1],
    [-2.5, -250],
    [10_000_000, 1_000_000_000],
    [0.1, 10],
    [19.99, 1999],
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
    [1, 1999, 1999n],
    [1.5, 333, 500n],
    [0.333, 100, 33n],
    [0.335, 100, 34n],
    [2.5, 1, 3n],
    [0.001, 1, 0n],
    [0.005, 100, 1n],
    [3, 3333, 9999n],
  ])('qty %s × %s cents = %s', (qty, rate, total) => {
    expect(lineTotalCents(Math.round(qty * 1000), rate)).toBe(total);
  });
});

describe('tax rounded once per rate', () => {
  it('200 lines of $0.01 at 50% are $1.00 of tax, not $2.00', () => {
    const r = computeTotals(
      Array.from({ length: 200 }, () => line(1, 1, 50)),
      0,
      { required: false, amountCents: 0 },
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.totals).toMatchObject({ subTotalCents: 200, taxableSubTotalCents: 200, taxCents: 100, totalCents: 300 });
    expect(r.totals.lines.reduce((s, l) => s + l.taxCents, 0)).toBe(100);
    // Equal remainders: the whole cents go to the earlier lines.
    expect(r.totals.lines.slice(0, 100).every((l) => l.taxCents === 1) && r.totals.lines.slice(100).every((l) => l.taxCents === 0)).toBe(true);
  });

  it("taxes each rate's subtotal once and only taxable lines, line shares adding up to the tax", () => {
    expect(taxCentsAt(1000n, 8875)).toBe(89n); // 88.75 → 89
    expect(taxCentsAt(5n, 10_000)).toBe(1n); // 0.5 → 1, half away from zero
    const r = computeTotals([line(1, 1000, 8.875), line(1, 1000, 8.875), line(2, 250), line(1, 333, 5)], 0, { required: false, amountCents: 0 });
    if (!r.ok) throw new Error(r.message);
    // 8.875% of 2,000 = 177.5 → 178 (per line it was 89 + 89); 5% of 333 = 16.65 → 17
    expect(r.totals.lines.map((l) => l.taxCents)).toEqual([89, 89, 0, 17]);
    expect(r.totals).toMatchObject({ subTotalCents: 2833, taxableSubTotalCents: 2333, taxCents: 195, totalCents: 3028, depositCents: 0 });
    const three = computeTotals([line(1, 333, 8.875), line(1, 333, 8.875), line(1, 333, 8.875)], 0, { required: false, amountCents: 0 });
    if (!three.ok) throw new Error(three.message);
    // 999 × 8.875% = 88.66 → 89 once; per line it would be 3 × 30 (29.55 → 30) = 90
    expect(three.totals.taxCents).toBe(89);
    expect(three.totals.lines.map((l) => l.taxCents)).toEqual([30, 30, 29]);
  });

  it("on random documents: total = rounded lines + each rate's tax rounded once + freight, and line taxes add up to the tax", () => {
    const lineArb = fc.record({
      qtyMilli: fc.integer({ min: 1, max: 5_000_000 }),
      rateCents: fc.integer({ min: 0, max: 2_000_000 }),
      isTaxable: fc.boolean(),
      taxPercentMilli: fc.constantFrom(0, 5_000, 8_875, 10_000, 12_500, 50_000, 100_000),
    });
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: MAX_LINES }), fc.integer({ min: 0, max: 1_000_000 }), (lines, freight) => {
        const r = computeTotals(lines, freight, { required: false, amountCents: 0 });
        if (!r.ok) return;
        const rounded = lines.map((l) => Number(divRoundHalfAway(BigInt(l.qtyMilli) * BigInt(l.rateCents), 1000n)));
        const byRate = new Map<number, number>();
        lines.forEach((l, i) => {
          if (l.isTaxable && l.taxPercentMilli > 0) byRate.set(l.taxPercentMilli, (byRate.get(l.taxPercentMilli) ?? 0) + rounded[i]!);
        });
        const tax = [...byRate].reduce((s, [pct, sub]) => s + Number(divRoundHalfAway(BigInt(sub) * BigInt(pct), 100_000n)), 0);
        expect(r.totals.lines.map((l) => l.totalCents)).toEqual(rounded);
        expect(r.totals.taxCents).toBe(tax);
        expect(r.totals.totalCents).toBe(rounded.reduce((s, v) => s + v, 0) + tax + freight);
        expect(r.totals.lines.reduce((s, l) => s + l.taxCents, 0)).toBe(tax);
        r.totals.lines.forEach((l, i) => {
          const line = lines[i]!;
          const exact = (rounded[i]! * (line.isTaxable ? line.taxPercentMilli : 0)) / 100_000;
          expect(Math.abs(l.taxCents - exact)).toBeLessThan(1); // each share is its exact tax, floored or raised by a cent
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('freight and deposit', () => {
  it('adds freight to the total and keeps a required deposit', () => {
    const r = computeTotals([line(2, 5000, 10)], 1500, { required: true, amountCents: 2000 });
    expect(r).toEqual({
      ok: true,
      totals: {
        lines: [{ totalCents: 10000, taxCents: 1000 }],
        subTotalCents: 10000,
        taxableSubTotalCents: 10000,
        taxCents: 1000,
        freightCents: 1500,
        depositCents: 2000,
        totalCents: 12500,
      },
    });
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
