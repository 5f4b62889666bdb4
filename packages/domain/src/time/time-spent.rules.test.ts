import { describe, expect, it } from 'vitest';
import { hmsText, timeSpentSeconds } from './time-spent.rules.ts';

const NOW = Date.parse('2026-11-21T15:00:00Z');

describe('time spent', () => {
  it('adds closed periods and the running one up to now', () => {
    const periods = [
      { startTime: '2026-11-21T10:00:00Z', endTime: '2026-11-21T11:30:05Z' },
      { startTime: '2026-11-21T14:00:00Z', endTime: null },
    ];
    expect(hmsText(timeSpentSeconds(periods, NOW)!)).toBe('02:30:05');
  });

  it('counts a period in the future as nothing, and nothing as 00:00:00', () => {
    expect(timeSpentSeconds([{ startTime: '2026-11-21T16:00:00Z', endTime: null }], NOW)).toBe(0);
    expect(hmsText(timeSpentSeconds([], NOW)!)).toBe('00:00:00');
  });

  it('is null when a date is not valid', () => {
    expect(timeSpentSeconds([{ startTime: 'yesterday', endTime: null }], NOW)).toBeNull();
    expect(timeSpentSeconds([{ startTime: '2026-11-21T10:00:00Z', endTime: 'soon' }], NOW)).toBeNull();
  });

  it('does not wrap hours at a day', () => expect(hmsText(26 * 3600 + 61)).toBe('26:01:01'));
});
