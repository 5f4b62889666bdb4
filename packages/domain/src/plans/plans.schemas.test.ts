import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPlanBody, planActionBody, planListQuery, planListResponse, planResponse, recurrenceSchema, updatePlanBody } from './plans.schemas.ts';
import { RECURRENCE_MESSAGES } from './recurrence.rules.ts';
import { TASK_MESSAGES } from '../tasks/tasks.schemas.ts';

const CUSTOMER = '6d0f5d1e-0000-4000-8000-000000000001';
const SITE = '6d0f5d1e-0000-4000-8000-000000000002';
const TECH = '6d0f5d1e-0000-4000-8000-000000000003';

const recurrence = { frequency: 'weekly', interval: 2, weekdays: ['TH', 'MO'], startDate: '2026-12-01', time: '08:00', durationMinutes: 120 };
const body = {
  customerId: CUSTOMER,
  siteAddressId: SITE,
  name: 'Quarterly HVAC service',
  recurrence,
  visitTemplate: { taskName: 'Filter change', assignTo: 'TECHNICIAN', assignedTechnicianId: TECH, productServices: [{ name: 'Filter', qty: 2, rate: 12.5 }] },
  billing: 'per_visit',
  price: 149.99,
};

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('createPlanBody', () => {
  it('parses the plan form: cents, defaults, weekdays and months in calendar order', () => {
    const parsed = createPlanBody.parse({ ...body, recurrence: { ...recurrence, months: [10, 3] } });
    expect(parsed.price).toBe(14_999);
    expect(parsed.recurrence).toEqual({
      frequency: 'weekly',
      interval: 2,
      weekdays: ['MO', 'TH'],
      monthDay: null,
      months: [3, 10],
      startDate: '2026-12-01',
      endDate: null,
      time: '08:00',
      durationMinutes: 120,
      arrivalWindowMinutes: 0,
    });
    expect(parsed.autoSendInvoices).toBe(false);
    expect(parsed.renewalReminderDays).toBeNull();
    expect(parsed.visitTemplate.productServices[0]).toMatchObject({ name: 'Filter', qty: 2_000, rate: 1_250 });
  });

  it.each<[string, Record<string, unknown>, [string, string][]]>([
    ['interval 0', { interval: 0 }, [['recurrence.interval', 'Repeat every 1 to 52 weeks.']]],
    ['no weekday', { weekdays: [] }, [['recurrence.weekdays', RECURRENCE_MESSAGES.weekdaysMissing]]],
    ['a bad time', { time: '8am' }, [['recurrence.time', RECURRENCE_MESSAGES.time]]],
    ['an end before the start', { endDate: '2026-11-30' }, [['recurrence.endDate', RECURRENCE_MESSAGES.endBeforeStart]]],
    ['month 13', { months: [13] }, [['recurrence.months', RECURRENCE_MESSAGES.monthsInvalid]]],
    ['no duration', { durationMinutes: 0 }, [['recurrence.durationMinutes', RECURRENCE_MESSAGES.duration]]],
    [
      'a 5th weekday',
      { frequency: 'monthly', weekdays: [], monthDay: { kind: 'weekday', ordinal: 5, weekday: 'MO' } },
      [['recurrence.monthDay.ordinal', RECURRENCE_MESSAGES.ordinalInvalid]],
    ],
    ['day 32', { frequency: 'monthly', weekdays: [], monthDay: { kind: 'day', day: 32 } }, [['recurrence.monthDay', RECURRENCE_MESSAGES.monthDayInvalid]]],
  ])('refuses %s with its message on its field', (_, over, expected) => {
    expect(messages(createPlanBody.safeParse({ ...body, recurrence: { ...recurrence, ...over } }))).toEqual(expected);
  });

  it('needs the chosen person of the visit template, and the plan basics', () => {
    expect(messages(createPlanBody.safeParse({ ...body, visitTemplate: { taskName: 'Filter change', assignTo: 'TECHNICIAN' } }))).toEqual([
      ['visitTemplate.assignedTechnicianId', 'Select a technician to assign the task to.'],
    ]);
    expect(messages(createPlanBody.safeParse({ ...body, name: ' ', siteAddressId: 'x', billing: 'weekly', price: 1.005 }))).toEqual([
      ['siteAddressId', 'Site Address must be a valid UUID.'],
      ['name', 'Plan Name is mandatory.'],
      ['billing', 'Billing must be per_visit, monthly, quarterly or yearly.'],
      ['price', 'Price can have at most 2 decimal places.'],
    ]);
  });

  it('drops a person the template is not assigned to', () => {
    const parsed = createPlanBody.parse({ ...body, visitTemplate: { taskName: 'Visit', assignTo: 'LATER', assignedTechnicianId: TECH } });
    expect(parsed.visitTemplate.assignedTechnicianId).toBeNull();
  });

  it('refuses fields it does not know', () => {
    expect(createPlanBody.safeParse({ ...body, tenantId: CUSTOMER }).success).toBe(false);
    expect(recurrenceSchema.safeParse({ ...recurrence, count: 3 }).success).toBe(false);
  });

  it('edits at a version, optionally from a date', () => {
    const { customerId: _c, siteAddressId: _s, ...fields } = body;
    expect(updatePlanBody.parse({ ...fields, changesFrom: '2027-01-01', version: 3 }).changesFrom).toBe('2027-01-01');
    expect(updatePlanBody.safeParse(fields).success).toBe(false);
  });
});

describe('planListQuery', () => {
  it('pages by 10 by default, caps at 100, and takes one status or several', () => {
    expect(planListQuery.parse({})).toMatchObject({ page: 1, limit: 10, orderByKey: 'createdAt', orderByValue: 'desc' });
    expect(planListQuery.parse({ status: 'active' }).status).toEqual(['active']);
    expect(planListQuery.parse({ status: ['active', 'paused'], needsAttention: 'true' })).toMatchObject({ status: ['active', 'paused'], needsAttention: true });
    expect(messages(planListQuery.safeParse({ limit: '101' }))).toEqual([['limit', 'limit must be at most 100.']]);
    expect(messages(planListQuery.safeParse({ status: 'done' }))).toEqual([['status', 'status must be one of: active, paused, ended.']]);
  });
});

describe('planActionBody', () => {
  it.each([
    [{ action: 'push_back', fromDate: '2027-01-04', days: 3, version: 1 }],
    [{ action: 'skip', visitId: TECH, version: 1 }],
    [{ action: 'pause', version: 1 }],
    [{ action: 'resume', fromDate: '2027-02-01', version: 2 }],
    [{ action: 'end', endDate: '2027-06-30', expectedCancelled: 12, version: 1 }],
    [{ action: 'this_and_following', fromDate: '2027-01-01', recurrence, version: 1 }],
    [{ action: 'this_visit', visitId: TECH, startDateTime: '2027-01-04T09:00:00-05:00', expectedEndDateTime: '2027-01-04T11:00:00-05:00', version: 1 }],
  ])('accepts %o', (input) => {
    expect(planActionBody.safeParse(input).success).toBe(true);
  });

  it('says what is wrong', () => {
    expect(messages(planActionBody.safeParse({ action: 'push_back', fromDate: '2027-01-04', days: 0, version: 1 }))).toEqual([
      ['days', 'Push back by 1 to 365 days.'],
    ]);
    expect(messages(planActionBody.safeParse({ action: 'snooze', version: 1 }))).toEqual([
      ['action', 'action must be one of: this_visit, this_and_following, skip, pause, resume, push_back, end.'],
    ]);
    expect(messages(planActionBody.safeParse({ action: 'end', version: 1 }))).toEqual([['expectedCancelled', 'expectedCancelled must be a number.']]);
  });

  it('refuses a visit change that ends before it starts, or names nobody for a technician or subcontractor', () => {
    const visit = { action: 'this_visit', visitId: TECH, startDateTime: '2027-01-04T09:00:00-05:00', version: 1 };
    expect(messages(planActionBody.safeParse({ ...visit, expectedEndDateTime: '2027-01-04T08:00:00-05:00' }))).toEqual([
      ['expectedEndDateTime', TASK_MESSAGES.endBeforeStart],
    ]);
    expect(messages(planActionBody.safeParse({ ...visit, expectedEndDateTime: '2027-01-04T10:00:00-05:00', assignTo: 'TECHNICIAN' }))).toEqual([
      ['assignedTechnicianId', TASK_MESSAGES.technicianRequired],
    ]);
    expect(messages(planActionBody.safeParse({ ...visit, expectedEndDateTime: '2027-01-04T10:00:00-05:00', assignTo: 'SUBCONTRACTOR' }))).toEqual([
      ['assignedSubcontractorId', TASK_MESSAGES.subcontractorRequired],
    ]);
  });
});

describe('OpenAPI', () => {
  it('describes every plan contract as JSON Schema for the route schemas and the API docs', () => {
    for (const schema of [createPlanBody, updatePlanBody, planListQuery, planActionBody]) expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
    for (const schema of [planResponse, planListResponse]) expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
  });
});
