import { describe, expect, it } from 'vitest';
import { changeSentence, humaniseTimestamps } from './activity-text.rules.ts';

const write = { instant: (iso: string) => `<${iso.slice(0, 16)}>`, day: (day: string) => `[${day}]` };

describe('activity text: sentences, dates in the company format', () => {
  it.each([
    [
      { field: 'startDateTime', oldValue: '2026-11-20T14:00:00.000Z', newValue: '2026-11-21T15:30:00.000Z' },
      'Changed Start date time from <2026-11-20T14:00> to <2026-11-21T15:30>.',
    ],
    [{ field: 'siteContactId', oldValue: null, newValue: 'Bea' }, 'Set Site contact to Bea.'],
    [{ field: 'dueDate', oldValue: '2026-12-01', newValue: '' }, 'Cleared Due date (was [2026-12-01]).'],
    [{ field: 'name', oldValue: 'Boiler', newValue: 'Boiler service' }, 'Changed Name from Boiler to Boiler service.'],
  ])('%j', (change, sentence) => {
    expect(changeSentence(change, write)).toBe(sentence);
  });

  it('writes the instants inside a message, leaves the rest', () => {
    expect(humaniseTimestamps('Scheduled 2026-11-20T14:00:00.000Z – 2026-11-20T16:00:00Z for Tina', write)).toBe(
      'Scheduled <2026-11-20T14:00> – <2026-11-20T16:00> for Tina',
    );
  });
});
