import { describe, expect, it } from 'vitest';
import { isSchedulable, personColourIndex, personColourSlots, WORK_QUEUE_EXCLUDED_LIFECYCLES } from './scheduling.rules.ts';
import { TASK_LIFECYCLES, TASK_STATUSES } from '../tasks/task-status.rules.ts';

describe('isSchedulable', () => {
  it.each(TASK_STATUSES.map((s) => [s, s !== 'CLOSED' && s !== 'CANCELLED'] as const))('%s → %s', (status, expected) => {
    expect(isSchedulable(status)).toBe(expected);
  });

  it('excludes from work queues exactly the lifecycles it refuses', () => {
    expect(TASK_LIFECYCLES.filter((l) => !isSchedulable(l))).toEqual([...WORK_QUEUE_EXCLUDED_LIFECYCLES]);
  });
});

describe('personColourIndex', () => {
  it('gives a person the same slot every time, whatever else is on screen', () => {
    const id = '3f2b1c9e-8a7d-4e6f-9b0a-1c2d3e4f5a6b';
    expect(personColourIndex(id, 6)).toBe(personColourIndex(`${id}`, 6));
    expect(personColourIndex(id, 6)).toBeGreaterThanOrEqual(0);
    expect(personColourIndex(id, 6)).toBeLessThan(6);
  });
  it('spreads ids over the whole palette', () => {
    const slots = new Set(Array.from({ length: 60 }, (_, i) => personColourIndex(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, 6)));
    expect(slots.size).toBe(6);
  });
});

describe('personColourSlots', () => {
  const ids = Array.from({ length: 9 }, (_, i) => `00000000-0000-4000-8000-${String(i * 7919).padStart(12, '0')}`);
  it('gives up to a palette of people a colour each, whatever order they are listed in', () => {
    const six = personColourSlots(ids.slice(0, 6), 6);
    expect(new Set(six.values()).size).toBe(6);
    expect(personColourSlots([...ids.slice(0, 6)].reverse(), 6)).toEqual(six);
  });
  it('reuses slots only past the palette, and keeps a lone person on their own slot', () => {
    const nine = personColourSlots(ids, 6);
    expect(new Set([...nine.values()].slice(0, 6)).size).toBe(6);
    expect(nine.size).toBe(9);
    expect(personColourSlots([ids[3]!], 6).get(ids[3]!)).toBe(personColourIndex(ids[3]!, 6));
  });
});
