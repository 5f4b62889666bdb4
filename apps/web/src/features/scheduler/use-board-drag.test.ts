import { describe, expect, it } from 'vitest';
import { instantAt } from '@fieldwork/domain/time/calendar-time.rules';
import type { BoardEntry } from './board.types';
import { dropRequestAt, previewFor } from './use-board-drag';

const NY = 'America/New_York';
const at = (day: string, h: number) => instantAt(day, h * 60, NY);
const entry = (day: string, fromH: number, toH: number): BoardEntry =>
  ({
    id: 't1',
    startMs: at(day, fromH),
    endMs: at(day, toH),
    assignedTo: { id: 'tech-a', type: 'TECHNICIAN' },
    edit: { move: true, resize: true },
  }) as BoardEntry;

describe('previewFor', () => {
  it('moves by the pointer travel on the wall clock, keeping the length', () => {
    const p = previewFor(entry('2026-11-23', 9, 11), 'move', { day: '2026-11-23', minute: 600 }, { day: '2026-11-24', minute: 660 }, NY, 60);
    expect([p.startMs, p.endMs]).toEqual([at('2026-11-24', 10), at('2026-11-24', 12)]);
    expect(p.assignee).toEqual({ id: 'tech-a', type: 'TECHNICIAN' });
  });
  it('keeps 09:00 at 09:00 when a month-view drag crosses the fall-back change', () => {
    const p = previewFor(entry('2026-10-31', 9, 10), 'move', { day: '2026-10-31', minute: 0 }, { day: '2026-11-02', minute: 0 }, NY, 1440);
    expect(new Date(p.startMs).toISOString()).toBe('2026-11-02T14:00:00.000Z');
  });
  it('moves onto another person when the row under the pointer has one', () => {
    const p = previewFor(
      entry('2026-11-23', 9, 11),
      'move',
      { day: '2026-11-23', minute: 540 },
      { day: '2026-11-23', minute: 540, assignee: { id: 'tech-b', type: 'TECHNICIAN' } },
      NY,
      60,
    );
    expect(p.assignee?.id).toBe('tech-b');
    expect(p.startMs).toBe(at('2026-11-23', 9));
  });
  it('resizes the end to the pointer, never shorter than one slot', () => {
    const e = entry('2026-11-23', 9, 11);
    expect(previewFor(e, 'resize', { day: '2026-11-23', minute: 660 }, { day: '2026-11-23', minute: 780 }, NY, 15).endMs).toBe(at('2026-11-23', 13));
    expect(previewFor(e, 'resize', { day: '2026-11-23', minute: 660 }, { day: '2026-11-23', minute: 300 }, NY, 15).endMs).toBe(e.startMs + 15 * 60_000);
  });
});

describe('dropRequestAt', () => {
  const card = { taskId: 'x', taskNumber: 7, name: 'Fit boiler', scheduleId: null, scheduleVersion: null, durationMinutes: null, assignee: null };
  it('gives a card without a length the default one-hour range, and the row person', () => {
    const r = dropRequestAt(card, { day: '2026-11-23', minute: 600, assignee: { id: 'tech-b', type: 'TECHNICIAN' } }, NY);
    expect(r).toMatchObject({ start: '2026-11-23T15:00:00.000Z', end: '2026-11-23T16:00:00.000Z', assignee: { id: 'tech-b' } });
  });
  it("keeps a scheduled card's length", () => {
    expect(dropRequestAt({ ...card, durationMinutes: 150 }, { day: '2026-11-23', minute: 600 }, NY).end).toBe('2026-11-23T17:30:00.000Z');
  });
});
