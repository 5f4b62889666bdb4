import { describe, expect, it } from 'vitest';
import { optIntent, TEXT_STATUS_RANK, textStatusOf, toE164 } from './texts.rules.ts';

describe('phone numbers in E.164', () => {
  it.each([
    ['(201) 555-0123', 'US', '+12015550123'],
    ['201.555.0123', 'US', '+12015550123'],
    ['+1 201 555 0123', 'GB', '+12015550123'],
    ['020 7946 0958', 'GB', '+442079460958'],
    ['07911 123456', 'GB', '+447911123456'],
  ])('%s in %s is %s', (raw, country, e164) => {
    expect(toE164(raw, country)).toBe(e164);
  });

  it.each([[''], ['12'], ['not a number'], ['+999 1234'], [null]])('%s is no number', (raw) => {
    expect(toE164(raw, 'US')).toBeNull();
  });
});

describe('STOP and START', () => {
  it.each([
    ['STOP', 'out'],
    [' stop. ', 'out'],
    ['Unsubscribe', 'out'],
    ['cancel', 'out'],
    ['START', 'in'],
    ['unstop!', 'in'],
    ['yes', 'in'],
    ['Please stop by at 3', null],
    ['Thanks', null],
  ] as const)('%s → %s', (body, intent) => {
    expect(optIntent(body)).toBe(intent);
  });
});

describe('delivery states', () => {
  it('move forward only: delivered and failed outrank sent, sent outranks queued', () => {
    expect(TEXT_STATUS_RANK.delivered).toBeGreaterThan(TEXT_STATUS_RANK.sent);
    expect(TEXT_STATUS_RANK.failed).toBeGreaterThan(TEXT_STATUS_RANK.sent);
    expect(TEXT_STATUS_RANK.sent).toBeGreaterThan(TEXT_STATUS_RANK.queued);
    expect(textStatusOf('accepted')).toBe('queued');
    expect(textStatusOf('undelivered')).toBe('undelivered');
    expect(textStatusOf('read')).toBeNull();
  });
});
