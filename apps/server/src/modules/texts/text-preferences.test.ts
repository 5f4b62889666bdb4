import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TEXT_TEMPLATES, TEXT_TEMPLATE_MESSAGES } from '@fieldwork/domain/texts/text-templates.rules';
import { MAX_REMINDER_HOURS } from '@fieldwork/domain/texts/text-timing.rules';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { loadTextPrefs } from './text-preferences.service.ts';

/** Settings → Text messages: what is sent, when, and in which words — saved per company, without Twilio. */
let t: TestApp;
let tenantId: string;
let admin: Session;
const URL = '/api/company/texts/preferences';

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
});
afterAll(async () => t?.close());

const body = (o: Record<string, unknown> = {}) => ({
  remindersOn: true,
  reminderHours: 24,
  quietHoursOn: true,
  quietStart: '21:00',
  quietEnd: '08:00',
  bookingConfirmation: false,
  jobCompleted: false,
  ...o,
});

describe('text preferences', () => {
  it('answers the product defaults before the company saved anything, with no Twilio account', async () => {
    const res = await t.call('GET', URL, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const tenant = await t.db.selectFrom('tenants').select('time_zone').where('id', '=', tenantId).executeTakeFirstOrThrow();
    expect(res.json().data).toEqual({
      remindersOn: true,
      reminderHours: 24,
      quietHoursOn: true,
      quietStart: '21:00',
      quietEnd: '08:00',
      bookingConfirmation: false,
      jobCompleted: false,
      templates: DEFAULT_TEXT_TEMPLATES,
      customized: [],
      timeZone: tenant.time_zone,
    });
  });

  it('saves every field and reads it back; the senders see the same', async () => {
    const { admin: own, tenantId: ownTenant } = await t.newCompany();
    const reminder = 'Hi {customerName}, see you {date} at {time}. {companyName}';
    const res = await t.call(
      'PUT',
      URL,
      own.cookie,
      body({
        remindersOn: false,
        reminderHours: 48,
        quietHoursOn: false,
        quietStart: '22:30',
        quietEnd: '07:15',
        bookingConfirmation: true,
        jobCompleted: true,
        templates: { reminder, job_completed: DEFAULT_TEXT_TEMPLATES.job_completed },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const read = (await t.call('GET', URL, own.cookie)).json().data;
    expect(read).toMatchObject({
      remindersOn: false,
      reminderHours: 48,
      quietHoursOn: false,
      quietStart: '22:30',
      quietEnd: '07:15',
      bookingConfirmation: true,
      jobCompleted: true,
      customized: ['reminder'],
    });
    expect(read.templates).toEqual({ ...DEFAULT_TEXT_TEMPLATES, reminder });
    expect(res.json().data).toEqual(read);
    // The wording equal to the default is stored as "not customised", so the company follows later improvements.
    const row = await t.db.selectFrom('text_preferences').select('templates').where('tenant_id', '=', ownTenant).executeTakeFirstOrThrow();
    expect(JSON.parse(row.templates)).toEqual({ reminder });
    expect(await loadTextPrefs(t.db, ownTenant)).toMatchObject({ remindersOn: false, reminderHours: 48, quiet: null, templates: { reminder } });
  });

  it('a template set to null goes back to the default wording', async () => {
    const { admin: own } = await t.newCompany();
    await t.call('PUT', URL, own.cookie, body({ templates: { on_my_way: '{technicianName} is coming: {link}' } }));
    expect((await t.call('GET', URL, own.cookie)).json().data.customized).toEqual(['on_my_way']);
    const reset = await t.call('PUT', URL, own.cookie, body({ templates: { on_my_way: null } }));
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data.customized).toEqual([]);
    expect(reset.json().data.templates.on_my_way).toBe(DEFAULT_TEXT_TEMPLATES.on_my_way);
  });

  it('refuses an unknown placeholder and a bad lead time with the domain messages on their fields, and stores nothing', async () => {
    const { admin: own, tenantId: ownTenant } = await t.newCompany();
    const res = await t.call('PUT', URL, own.cookie, body({ reminderHours: MAX_REMINDER_HOURS + 1, templates: { reminder: 'See you {when}' } }));
    expect(res.statusCode).toBe(400);
    const answer = res.json();
    expect(answer.message).toEqual(
      expect.arrayContaining([TEXT_TEMPLATE_MESSAGES.unknown(['when']), `Reminder lead time must be between 1 and ${MAX_REMINDER_HOURS} hours.`]),
    );
    expect(answer.details).toMatchObject({
      'templates.reminder': TEXT_TEMPLATE_MESSAGES.unknown(['when']),
      reminderHours: `Reminder lead time must be between 1 and ${MAX_REMINDER_HOURS} hours.`,
    });
    const empty = await t.call('PUT', URL, own.cookie, body({ quietStart: '25:00', templates: { job_completed: '  ' } }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toMatchObject({
      'templates.job_completed': TEXT_TEMPLATE_MESSAGES.empty,
      quietStart: 'Quiet hours start must be a time such as 21:00.',
    });
    expect(await t.db.selectFrom('text_preferences').selectAll().where('tenant_id', '=', ownTenant).executeTakeFirst()).toBeUndefined();
  });

  it('only those who manage settings: staff without it and technicians get 403, signed-out 401', async () => {
    const staff = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    const tech = await t.signInAs(tenantId, 'Technician');
    for (const who of [staff, tech]) {
      expect((await t.call('GET', URL, who.cookie)).statusCode).toBe(403);
      expect((await t.call('PUT', URL, who.cookie, body({ remindersOn: false }))).statusCode).toBe(403);
    }
    expect((await t.call('GET', URL)).statusCode).toBe(401);
    expect((await t.call('GET', URL, admin.cookie)).json().data.remindersOn).toBe(true);
  });

  it('never shows or changes another company’s preferences', async () => {
    const a = await t.newCompany();
    const b = await t.newCompany();
    await t.call('PUT', URL, a.admin.cookie, body({ bookingConfirmation: true, templates: { reminder: 'A: {date}' } }));
    const seenByB = (await t.call('GET', URL, b.admin.cookie)).json().data;
    expect(seenByB.bookingConfirmation).toBe(false);
    expect(seenByB.customized).toEqual([]);
    await t.call('PUT', URL, b.admin.cookie, body({ reminderHours: 2 }));
    const stillA = (await t.call('GET', URL, a.admin.cookie)).json().data;
    expect(stillA).toMatchObject({ bookingConfirmation: true, reminderHours: 24, customized: ['reminder'] });
  });
});
