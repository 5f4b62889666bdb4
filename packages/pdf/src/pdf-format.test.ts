import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCents } from '@fieldwork/domain/common/money.rules';
import { calendarDate, dateTimeInZone, dayInZone, money, percent, quantity } from './pdf-format.ts';

describe('pdf-format', () => {
  it('money writes what the domain’s formatCents writes for the same cents', () => {
    for (const cents of [0, 1, 5, 99, 100, 123450, 100_000_000_000_000, -4550]) expect(money(cents / 100)).toBe(formatCents(cents));
    fc.assert(fc.property(fc.integer({ min: -1e14, max: 1e14 }), (cents) => money(cents / 100) === formatCents(cents)));
    expect(money(1234.5)).toBe('$1,234.50');
  });

  it('dates: calendar days are not shifted by zones, instants are shown in the tenant zone', () => {
    expect(calendarDate('2026-03-01')).toBe('Mar 1, 2026');
    expect(calendarDate(null)).toBe('—');
    expect(dayInZone('2026-03-01T03:00:00.000Z', 'America/New_York')).toBe('Feb 28, 2026');
    expect(dateTimeInZone('2026-03-01T15:05:00.000Z', 'America/Chicago')).toBe('Mar 1, 2026, 9:05 AM CST');
    expect(dateTimeInZone('2026-03-01T15:05:00.000Z', 'Not/AZone')).toBe('Mar 1, 2026, 3:05 PM UTC');
    expect(dateTimeInZone('garbage', 'UTC')).toBe('—');
  });

  it('quantities and percents keep up to 3 decimals', () => {
    expect(quantity(1.5)).toBe('1.5');
    expect(quantity(12345.125)).toBe('12,345.125');
    expect(percent(8.875)).toBe('8.875%');
  });
});
