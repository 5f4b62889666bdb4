import { afterEach, beforeEach, vi } from 'vitest';
import type { Plan, PlanVisit } from '@fieldwork/domain/plans/plans.schemas';
import type { DataPage } from '../../lib/api-client';

export const PLAN_ID = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
export const PLAN_CUSTOMER_ID = '7d1f3d2e-8a53-4c57-9b1a-2f0d4c6b9a10';
export const PLAN_ADDRESS_ID = 'a5b0c6de-1f2a-4b3c-8d4e-5f6a7b8c9d0e';
export const VISIT_ID = '6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e';

/**
 * The fixtures' visits lie ahead of this instant (the first on 2027-01-15), and the plan screens count and preview
 * only what is still to come: suites that use them pin the date here, so they do not change meaning as the real
 * date passes those visits. Only Date is pinned; timers run, for user events and waiting.
 */
export function pinFixtureDate(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T15:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());
}

export function planFixture(overrides: Partial<Plan> = {}): Plan {
  return {
    id: PLAN_ID,
    planNumber: 7,
    name: 'Quarterly boiler check',
    status: 'active',
    customer: { id: PLAN_CUSTOMER_ID, name: 'Northwind Plumbing' },
    siteAddress: { id: PLAN_ADDRESS_ID, fullAddress: '12 Harbour St, Boston, MA' },
    job: { id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b', jobNumber: 1042 },
    recurrence: {
      frequency: 'monthly',
      interval: 3,
      weekdays: [],
      monthDay: { kind: 'day', day: 15 },
      months: [],
      startDate: '2026-01-15',
      endDate: null,
      time: '08:00',
      durationMinutes: 60,
      arrivalWindowMinutes: 120,
    },
    rrule: 'DTSTART;TZID=America/New_York:20260115T080000\nRRULE:FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15',
    ruleText: 'Every 3 months on the 15th, 8:00–10:00 AM',
    timeZone: 'America/New_York',
    visitTemplate: { taskName: 'Boiler check', description: null, assignedTechnician: null, assignedSubcontractor: null, productServices: [] },
    billing: 'per_visit',
    price: 150,
    autoSendInvoices: false,
    renewalReminderDays: null,
    renewalReminderToCustomer: false,
    nextVisitAt: '2027-01-15T13:00:00.000Z',
    visitsDoneThisYear: 3,
    visitsDueThisYear: 4,
    yearlyValue: 600,
    needsAttention: 0,
    actions: { edit: true, pause: true, resume: false, end: true, pushBack: true },
    createdAt: '2026-01-01T15:00:00.000Z',
    updatedAt: '2026-01-01T15:00:00.000Z',
    version: 3,
    ...overrides,
  };
}

export function visitFixture(overrides: Partial<PlanVisit> = {}): PlanVisit {
  return {
    id: VISIT_ID,
    taskNumber: 301,
    occurrence: '2027-01-15',
    startAt: '2027-01-15T13:00:00.000Z',
    expectedEndAt: '2027-01-15T14:00:00.000Z',
    lifecycle: 'OPEN',
    assignee: null,
    needsAttention: false,
    ...overrides,
  };
}

export function pageOf<T>(items: T[], totalItems = items.length): DataPage<T> {
  return { data: items, pagination: { totalItems, totalPages: Math.max(1, Math.ceil(totalItems / 10)), currentPage: 1, itemsPerPage: 10 } };
}
