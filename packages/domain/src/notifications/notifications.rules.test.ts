import { describe, expect, it } from 'vitest';
import {
  bellLabel,
  hasNotificationBell,
  notificationLink,
  notificationText,
  unreadBadge,
  visibleNotificationKinds,
  NOTIFICATION_KINDS,
} from './notifications.rules.ts';

describe('notification kinds', () => {
  it('each kind says what happened and opens its record', () => {
    expect(notificationText('estimate.approved', { number: 12, by: 'Casey' })).toBe('Estimate #12 approved by Casey');
    expect(notificationText('invoice.paid', { number: 7, amountCents: 12_345 })).toBe('Invoice #7 paid online: $123.45');
    expect(notificationText('lead.requested', { number: 3, by: 'Robin' })).toBe('Work requested by Robin (lead #3)');
    expect(notificationLink('estimate.declined', 'e1')).toBe('/workorder/estimates/e1');
    expect(notificationLink('invoice.refunded', 'i1')).toBe('/workorder/invoices/i1');
    expect(notificationLink('deposit.paid', 'e2')).toBe('/workorder/estimates/e2');
    expect(notificationLink('lead.requested', 'l1')).toBe('/leads');
    expect(notificationText('text.failed', { by: '+12015550177' })).toBe('A text to +12015550177 failed');
    expect(notificationLink('text.failed', 't1')).toBe('/settings/texts');
  });

  it.each([
    ['Admin', 'fullAccess', NOTIFICATION_KINDS.length, true],
    // A failed text is for those who look after the company's texts (Settings → Text messages): the admin class.
    ['Staff', 'partialAccess', NOTIFICATION_KINDS.length - 1, true],
    ['Staff', 'onlyViewAccess', NOTIFICATION_KINDS.length - 1, true],
    ['Staff', 'noAccess', 0, false],
    ['Technician', 'fullAccess', 0, false],
    ['Tech Access', 'noAccess', 0, false],
    ['SubContractor', 'noAccess', 0, false],
  ] as const)('%s %s sees %i kinds (bell: %s)', (role, access, kinds, bell) => {
    expect(visibleNotificationKinds({ role, access })).toHaveLength(kinds);
    expect(hasNotificationBell({ role, access })).toBe(bell);
  });

  it('the badge stops at 99+ and the button names the count', () => {
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(250)).toBe('Notifications, 99+ unread');
  });
});
