import { describe, expect, it } from 'vitest';
import { arrivalAtToday, arrivalWindow, onMyWayBody, onMyWayMessage, ON_MY_WAY_MESSAGES, windowText } from './on-my-way.rules.ts';

const NOW = new Date('2026-11-27T15:02:00.000Z'); // 10:02 AM in New York

describe('the arrival window', () => {
  it('is twenty minutes around the estimate, on five-minute marks, never before now', () => {
    const w = arrivalWindow(NOW, { minutes: 30 });
    expect(w).toEqual({ ok: true, from: new Date('2026-11-27T15:20:00.000Z'), to: new Date('2026-11-27T15:40:00.000Z') });
    const soon = arrivalWindow(NOW, { minutes: 15 });
    expect(soon.ok && soon.from.toISOString()).toBe('2026-11-27T15:05:00.000Z');
    expect(arrivalWindow(NOW, { arriveAt: '2026-11-27T15:00:00.000Z' })).toEqual({ ok: false, message: ON_MY_WAY_MESSAGES.arrivalPast });
    expect(arrivalWindow(NOW, { arriveAt: '2026-11-28T04:00:00.000Z' })).toEqual({ ok: false, message: ON_MY_WAY_MESSAGES.arrivalTooLate });
  });

  it('reads in the company’s zone, the period said once when both ends share it', () => {
    expect(windowText(new Date('2026-11-27T15:20:00Z'), new Date('2026-11-27T15:40:00Z'), 'America/New_York')).toBe('10:20–10:40 AM');
    expect(windowText(new Date('2026-11-27T16:50:00Z'), new Date('2026-11-27T17:10:00Z'), 'America/New_York')).toBe('11:50 AM–12:10 PM');
    expect(windowText(new Date('2026-11-27T15:20:00Z'), new Date('2026-11-27T15:40:00Z'), 'Europe/London')).toBe('3:20–3:40 PM');
    expect(onMyWayMessage({ firstName: 'Tom', companyName: 'Demo Contracting', window: '10:20–10:40 AM' })).toBe(
      'Demo Contracting: Tom is on the way and should arrive between 10:20 and 10:40 AM.',
    );
    const url = 'https://app.example.com/portal/visit#AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
    const withLink = onMyWayMessage({ firstName: 'Tom', companyName: 'Demo Contracting', window: '10:20–10:40 AM', visitUrl: url });
    expect(withLink).toBe(`Demo Contracting: Tom is on the way and should arrive between 10:20 and 10:40 AM. Follow the visit: ${url}`);
    // One text, not a multi-part message a carrier may split (160 GSM characters per part; two parts at most).
    expect(withLink.length).toBeLessThanOrEqual(306);
  });

  it('reads a clock time as today in the company’s zone', () => {
    expect(arrivalAtToday('10:45', NOW, 'America/New_York')).toBe('2026-11-27T15:45:00.000Z');
    expect(arrivalAtToday('10:45', NOW, 'Europe/London')).toBe('2026-11-27T10:45:00.000Z');
    expect(arrivalAtToday('ten', NOW, 'Europe/London')).toBeNull();
  });

  it('takes one of the four estimates or a time, not both, not neither', () => {
    expect(onMyWayBody.safeParse({ minutes: 45 }).success).toBe(true);
    expect(onMyWayBody.safeParse({ arriveAt: '2026-11-27T15:30:00.000Z' }).success).toBe(true);
    expect(onMyWayBody.safeParse({ minutes: 20 }).success).toBe(false);
    expect(onMyWayBody.safeParse({}).success).toBe(false);
    expect(onMyWayBody.safeParse({ minutes: 15, arriveAt: '2026-11-27T15:30:00.000Z' }).success).toBe(false);
  });
});
