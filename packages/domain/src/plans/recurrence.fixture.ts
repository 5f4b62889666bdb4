/** Recurrences of every shape the plan form makes, shared by the rule, text and words tests. */
import type { Recurrence } from './recurrence.rules.ts';

export const baseRecurrence: Recurrence = {
  frequency: 'weekly',
  interval: 1,
  weekdays: ['MO'],
  monthDay: null,
  months: [],
  startDate: '2026-01-01',
  endDate: null,
  time: '08:00',
  durationMinutes: 120,
  arrivalWindowMinutes: 0,
};

export const rec = (over: Partial<Recurrence>): Recurrence => ({ ...baseRecurrence, ...over });

/** name → recurrence, its words. */
export const SHAPES: [string, Recurrence, string][] = [
  ['every day', rec({ frequency: 'daily', weekdays: [] }), 'Every day, 8:00–10:00 AM'],
  ['every 3 days', rec({ frequency: 'daily', interval: 3, weekdays: [] }), 'Every 3 days, 8:00–10:00 AM'],
  ['every day in summer', rec({ frequency: 'daily', weekdays: [], months: [6, 7, 8] }), 'Every day in June, July and August, 8:00–10:00 AM'],
  ['every week on Monday', rec({}), 'Every week on Monday, 8:00–10:00 AM'],
  ['every 2 weeks on Monday and Thursday', rec({ interval: 2, weekdays: ['MO', 'TH'], time: '09:00' }), 'Every 2 weeks on Monday and Thursday, 9:00–11:00 AM'],
  [
    'every 3 weeks on Saturday, from a Wednesday',
    rec({ interval: 3, weekdays: ['SA'], startDate: '2026-01-07', time: '11:00' }),
    'Every 3 weeks on Saturday, 11:00 AM–1:00 PM',
  ],
  ['weekly in June and July', rec({ weekdays: ['TU', 'FR'], months: [6, 7] }), 'Every week on Tuesday and Friday in June and July, 8:00–10:00 AM'],
  [
    'every 3 months on the 15th',
    rec({ frequency: 'monthly', interval: 3, weekdays: [], monthDay: { kind: 'day', day: 15 }, startDate: '2026-01-15' }),
    'Every 3 months on the 15th, 8:00–10:00 AM',
  ],
  [
    'monthly on the 31st',
    rec({ frequency: 'monthly', weekdays: [], monthDay: { kind: 'day', day: 31 } }),
    'Every month on the last day of the month, 8:00–10:00 AM',
  ],
  ['monthly on the 30th', rec({ frequency: 'monthly', weekdays: [], monthDay: { kind: 'day', day: 30 } }), 'Every month on the 30th, 8:00–10:00 AM'],
  ['monthly on the 29th', rec({ frequency: 'monthly', weekdays: [], monthDay: { kind: 'day', day: 29 } }), 'Every month on the 29th, 8:00–10:00 AM'],
  [
    'monthly on the last Friday',
    rec({ frequency: 'monthly', weekdays: [], monthDay: { kind: 'weekday', ordinal: -1, weekday: 'FR' }, arrivalWindowMinutes: 240 }),
    'Every month on the last Friday, 8:00 AM–12:00 PM',
  ],
  [
    'second Tuesday of March and September',
    rec({ frequency: 'monthly', weekdays: [], monthDay: { kind: 'weekday', ordinal: 2, weekday: 'TU' }, months: [3, 9] }),
    'Every month in March and September on the second Tuesday, 8:00–10:00 AM',
  ],
  [
    'spring and autumn on the 1st',
    rec({ frequency: 'yearly', weekdays: [], monthDay: { kind: 'day', day: 1 }, months: [3, 4, 9, 10] }),
    'Every year in March, April, September and October on the 1st, 8:00–10:00 AM',
  ],
  [
    'yearly on 29 February',
    rec({ frequency: 'yearly', weekdays: [], monthDay: { kind: 'day', day: 29 }, months: [2], startDate: '2024-02-29' }),
    'Every year in February on the 29th, 8:00–10:00 AM',
  ],
  [
    'yearly on the 30th of February and April',
    rec({ frequency: 'yearly', weekdays: [], monthDay: { kind: 'day', day: 30 }, months: [2, 4] }),
    'Every year in February and April on the 30th, 8:00–10:00 AM',
  ],
  [
    'every 2 years on the third Wednesday of May, until an end date',
    rec({ frequency: 'yearly', interval: 2, weekdays: [], monthDay: { kind: 'weekday', ordinal: 3, weekday: 'WE' }, months: [5], endDate: '2035-12-31' }),
    'Every 2 years in May on the third Wednesday, 8:00–10:00 AM, until Dec 31, 2035',
  ],
  [
    'weekly until Dec 31, 2027, in the afternoon',
    rec({ weekdays: ['WE'], endDate: '2027-12-31', time: '13:30', durationMinutes: 45 }),
    'Every week on Wednesday, 1:30–2:15 PM, until Dec 31, 2027',
  ],
];
