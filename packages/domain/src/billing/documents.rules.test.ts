import { describe, expect, it } from 'vitest';
import { documentDates } from './documents.rules.ts';

describe('documentDates: what a page and its PDF print', () => {
  it.each([
    [
      'its own date',
      'invoice',
      { documentDate: '2026-11-20', dueDate: '2026-12-20', createdAt: '2026-11-25T15:00:00.000Z' },
      [
        ['Invoice Date', '2026-11-20'],
        ['Due Date', '2026-12-20'],
      ],
    ],
    [
      'no date (converted from an estimate): the creation day in the zone',
      'invoice',
      { documentDate: null, dueDate: null, createdAt: '2026-11-21T03:00:00.000Z' },
      [
        ['Invoice Date', '2026-11-20'],
        ['Due Date', null],
      ],
    ],
    [
      'an estimate',
      'estimate',
      { documentDate: '2026-11-20T00:00:00.000Z', dueDate: null, createdAt: '2026-11-25T15:00:00.000Z' },
      [
        ['Estimate Date', '2026-11-20'],
        ['Due Date', null],
      ],
    ],
  ] as const)('%s', (_name, kind, doc, expected) => {
    expect(documentDates(kind, doc, 'America/New_York').map((d) => [d.label, d.day])).toEqual(expected);
  });
});
