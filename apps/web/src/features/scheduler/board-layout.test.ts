import { describe, expect, it } from 'vitest';
import { monthCell, pack, snapMinutes, type Span } from './board-layout';

const H = 3_600_000;
const e = (id: string, startH: number, endH: number) => ({ id, span: { start: startH * H, end: endH * H } as Span });
const layout = (items: ReturnType<typeof e>[]) => Object.fromEntries(pack(items, (i) => i.span).map((p) => [p.item.id, [p.slot, p.slots]]));

describe('pack', () => {
  it('puts overlapping entries side by side and lets a later one reuse a freed slot', () => {
    expect(layout([e('a', 9, 11), e('b', 10, 12), e('c', 11, 13)])).toEqual({ a: [0, 2], b: [1, 2], c: [0, 2] });
  });
  it('gives entries that do not overlap (end = next start) the full width each', () => {
    expect(layout([e('a', 9, 10), e('b', 10, 11)])).toEqual({ a: [0, 1], b: [0, 1] });
  });
  it('keeps one width across a chain of overlaps and separate widths for separate clusters', () => {
    expect(layout([e('a', 9, 12), e('b', 9.5, 10), e('c', 10.5, 11), e('d', 14, 15)])).toEqual({ a: [0, 2], b: [1, 2], c: [1, 2], d: [0, 1] });
  });
  it('never shares a slot between entries starting within 1 minute, even without length', () => {
    const zero = { id: 'z', span: { start: 9 * H + 30_000, end: 9 * H + 30_000 } };
    expect(layout([e('a', 9, 9), zero])).toEqual({ a: [0, 2], z: [1, 2] });
    const apart = { id: 'y', span: { start: 9 * H + 120_000, end: 9 * H + 120_000 } };
    expect(layout([e('a', 9, 9), apart])).toEqual({ a: [0, 1], y: [0, 1] });
  });
  it('orders a tie on start by the longer entry first', () => {
    expect(layout([e('short', 9, 10), e('long', 9, 12)])).toEqual({ long: [0, 2], short: [1, 2] });
  });
});

describe('monthCell', () => {
  it('shows up to six entries, then five and "+n more"', () => {
    expect(monthCell(0)).toEqual({ shown: 0, more: 0 });
    expect(monthCell(6)).toEqual({ shown: 6, more: 0 });
    expect(monthCell(7)).toEqual({ shown: 5, more: 2 });
    expect(monthCell(40)).toEqual({ shown: 5, more: 35 });
  });
});

describe('snapMinutes', () => {
  it('snaps to the slot and stays on the axis', () => {
    expect(snapMinutes(130, 1, 15, 1440)).toBe(135);
    expect(snapMinutes(-20, 1, 15, 1440)).toBe(0);
    expect(snapMinutes(5000, 1, 60, 1440)).toBe(1440);
  });
});
