import { afterEach, describe, expect, it, vi } from 'vitest';
import { timeOrderedId } from './time-ordered-id.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('time-ordered ids', () => {
  afterEach(() => vi.useRealTimers());

  it('are version 7 UUIDs that carry the millisecond they were made in', () => {
    const before = Date.now();
    const id = timeOrderedId();
    expect(id).toMatch(UUID_V7);
    const ms = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now());
  });

  it('sort in the order they were made, within one millisecond and past its counter', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T12:00:00.000Z') });
    // 5,000 in one frozen millisecond: more than the counter holds, so the last ones borrow the next milliseconds.
    const ids = Array.from({ length: 5000 }, () => timeOrderedId());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(UUID_V7);
  });

  it('keep their order when the clock steps back', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T12:00:01.000Z') });
    const first = timeOrderedId();
    vi.setSystemTime(new Date('2026-11-27T11:59:59.000Z'));
    const second = timeOrderedId();
    expect(second > first).toBe(true);
  });
});
