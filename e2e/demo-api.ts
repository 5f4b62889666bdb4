/** API shortcuts for browser tests: set up records through the API so each test drives only what it is about. */
import { dayLeftIn, TECH1_FREE_SHARE_OF_DAY_LEFT } from '@fieldwork/testing/demo-tasks';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.ts';
import { apiSignIn } from './harness.ts';

export async function api<T>(baseUrl: string, cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A fresh open job with no tasks, so closing it depends only on the task this test makes. */
export async function createJob(baseUrl: string, name = 'E2E task job'): Promise<{ id: string; jobNumber: number }> {
  const { cookie } = await apiSignIn(baseUrl, DEMO_USERS.admin, DEMO_PASSWORD);
  const customers = await api<{ data: { id: string }[] }>(baseUrl, cookie, 'GET', '/api/customers?page=1&limit=1&status=active');
  const customerId = customers.data[0]!.id;
  const customer = await api<{ data: { customerAddress: { id: string }[] } }>(baseUrl, cookie, 'GET', `/api/customers/${customerId}`);
  const created = await api<{ data: { id: string; jobNumber: number } }>(baseUrl, cookie, 'POST', '/api/jobs', {
    customerId,
    siteAddressId: customer.data.customerAddress[0]!.id,
    name,
  });
  return created.data;
}

/** The demo company's time zone. */
export const DEMO_ZONE = 'America/New_York';

/** A day far enough ahead that the demo's own schedule (two months) leaves it empty, as "yyyy-MM-dd" in the demo zone. */
export function dayAhead(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: DEMO_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** A sent invoice of one free-text line with no job ("NonJob"), for the customer and site address given. */
export async function createLooseInvoice(
  baseUrl: string,
  cookie: string,
  options: { accountId: string; accountAddressId: string; name: string; rate: number; mode?: 'Send' | 'Draft' },
): Promise<{ id: string; invoiceNumber: number; totalAmount: number }> {
  const created = await api<{ data: { id: string; invoiceNumber: number; totalAmount: number } }>(baseUrl, cookie, 'POST', '/api/invoices', {
    mode: options.mode ?? 'Send',
    jobInfo: { type: 'NonJob', accountId: options.accountId, accountAddressId: options.accountAddressId },
    invoiceInfo: {},
    productServices: [{ name: options.name, description: null, qty: 1, rate: options.rate, isTaxable: false, taxPercent: 0 }],
  });
  return created.data;
}

/**
 * Offsets from now in minutes, as milliseconds, that leave Tom (tech1) free: the demo's own schedule puts his next
 * task (awaiting start) a share of the day's remaining time ahead, so late in the evening a window of twenty minutes
 * would run into it. Offsets ahead are shrunk together, keeping their order, to end within the share that is free.
 */
export function clearOfTomsNext(now: number, ...minutes: number[]): number[] {
  const furthest = Math.max(0, ...minutes) * 60_000;
  const shrink = furthest > 0 ? Math.min(1, (TECH1_FREE_SHARE_OF_DAY_LEFT * dayLeftIn(now, DEMO_ZONE)) / furthest) : 1;
  return minutes.map((m) => (m > 0 ? m * 60_000 * shrink : m * 60_000));
}

/**
 * A task of Tom's (tech1) today from `from` to `to` minutes from now, shrunk towards now late in the evening so it
 * stays clear of his next task. Started, it can be clocked in and closed; starting in a few minutes (awaiting
 * start), clocked in or cancelled.
 */
export async function tomsTask(baseUrl: string, admin: string, jobId: string, name: string, from: number, to: number) {
  const team = await api<{ items: { id: string; name: string }[] }>(baseUrl, admin, 'GET', '/api/tasks/team?page=1&limit=100');
  const tom = team.items.find((m) => m.name === 'Tom Technician')!;
  const task = (await api<{ data: { id: string; taskNumber: number } }>(baseUrl, admin, 'POST', '/api/tasks', { jobId, name })).data;
  const now = Date.now();
  const [startIn, endIn] = clearOfTomsNext(now, from, to);
  await api(baseUrl, admin, 'POST', '/api/tasks/schedule', {
    taskId: task.id,
    startDateTime: new Date(now + startIn!).toISOString(),
    expectedEndDateTime: new Date(now + endIn!).toISOString(),
    isAssigned: true,
    assignedTo: 'TECHNICIAN',
    assignedTechnicianId: tom.id,
  });
  return task;
}
