import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyCompact, formatPercent, moneyInputText, toCents } from './money';

/** What the web printed before the money module: Intl's USD format over the dollar figure. */
const PREVIOUS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const intlDollars = (amount: number) => PREVIOUS.format(amount);

describe('web money', () => {
  it.each([0, 0.1, 0.29, 1, 1234.5, 999999.99, 10_000_000_000, -0.01, -1234.56, 0.125, -0.125, 1.005, 2.675, 123.456])(
    'formats %s exactly as the previous Intl format did',
    (amount) => expect(formatMoney(amount)).toBe(intlDollars(amount)),
  );

  it('shows a missing amount as $0.00', () => {
    expect(formatMoney(null)).toBe('$0.00');
    expect(formatMoney(undefined)).toBe('$0.00');
  });

  it('matches the previous format for every amount of up to 3 places between -$200 and $200', () => {
    const differing: number[] = [];
    for (let milli = -200_000; milli <= 200_000; milli += 7) if (formatMoney(milli / 1000) !== intlDollars(milli / 1000)) differing.push(milli / 1000);
    expect(differing).toEqual([]);
  });

  it('converts 2-place dollars to exact cents and rounds finer figures half away from zero', () => {
    expect(toCents(0.29)).toBe(29);
    expect(toCents(1234.5)).toBe(123450);
    expect(toCents(0.125)).toBe(13);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(-0.125)).toBe(-13);
  });

  it('abbreviates chart figures, writes input values without symbol or grouping, and margins with two places', () => {
    expect(formatPercent(12.5)).toBe('12.50%');
    expect(formatPercent(-3)).toBe('-3.00%');
    expect(formatPercent(null)).toBe('0.00%');
    expect(formatMoneyCompact(1234)).toBe('$1.2K');
    const previous = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
    for (const v of [0, 950, 3_000_000, 12_345_678]) expect(formatMoneyCompact(v)).toBe(previous.format(v));
    expect(moneyInputText(1234.5)).toBe('1234.50');
    expect(moneyInputText(0)).toBe('0.00');
  });
});
