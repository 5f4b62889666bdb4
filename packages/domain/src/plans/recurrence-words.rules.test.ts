import { describe, expect, it } from 'vitest';
import { describeRecurrence, listWords, ordinalDay, visitTimeWords } from './recurrence-words.rules.ts';
import { rec, SHAPES } from './recurrence.fixture.ts';

describe('describeRecurrence', () => {
  it.each(SHAPES)('%s', (_, r, words) => {
    expect(describeRecurrence(r)).toBe(words);
  });

  it('says the issue’s example', () => {
    const r = rec({ frequency: 'monthly', interval: 3, weekdays: [], monthDay: { kind: 'day', day: 15 }, endDate: '2027-12-31' });
    expect(describeRecurrence(r)).toBe('Every 3 months on the 15th, 8:00–10:00 AM, until Dec 31, 2027');
  });
});

describe('the pieces of the words', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [30, '30th'],
  ])('day %i is the %s', (day, words) => expect(ordinalDay(day)).toBe(words));

  it('lists one, two and more', () => {
    expect(listWords(['March'])).toBe('March');
    expect(listWords(['March', 'April'])).toBe('March and April');
    expect(listWords(['March', 'April', 'May'])).toBe('March, April and May');
  });

  it.each<[string, number, number, string]>([
    ['08:00', 120, 0, '8:00–10:00 AM'],
    ['08:00', 60, 120, '8:00–10:00 AM'],
    ['11:00', 120, 0, '11:00 AM–1:00 PM'],
    ['12:00', 30, 0, '12:00–12:30 PM'],
    ['00:15', 30, 0, '12:15–12:45 AM'],
    ['23:00', 120, 0, '11:00 PM–1:00 AM'],
  ])('%s for %i minutes, window %i: %s', (time, duration, window, words) => {
    expect(visitTimeWords(time, duration, window)).toBe(words);
  });
});
