import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCustomer } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
});
afterAll(async () => t?.close());
afterEach(() => vi.useRealTimers());

describe('newest first within one millisecond', () => {
  it('reads the activity log newest first when every entry was written in the same millisecond', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    // The clock stands still: each entry below gets the same created_at, so only the ids can keep their order.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T15:00:00.000Z') });
    const created = await t.call('POST', '/api/jobs', admin.cookie, { customerId: customer.id, siteAddressId: customer.addressId, name: 'First' });
    expect(created.statusCode, created.body).toBe(201);
    const job = created.json().data as { id: string };
    for (const [version, name] of [
      [1, 'Second'],
      [2, 'Third'],
    ] as const) {
      const res = await t.call('PUT', `/api/jobs/${job.id}`, admin.cookie, { siteAddressId: customer.addressId, name, version });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const note of ['A word', 'Last word'])
      expect((await t.call('POST', '/api/notes', admin.cookie, { noteType: 'Job', note, jobId: job.id })).statusCode).toBe(201);

    const log = (await t.call('GET', `/api/jobs/${job.id}/activities`, admin.cookie)).json().data.items as {
      action: string;
      createdAt: string;
      meta: { newValue: string }[];
    }[];
    expect(new Set(log.map((entry) => entry.createdAt))).toEqual(new Set(['2026-11-27T15:00:00.000Z']));
    expect(log.map((entry) => [entry.action, entry.meta[0]?.newValue ?? null])).toEqual([
      ['NOTE_ADDED', 'Last word'],
      ['NOTE_ADDED', 'A word'],
      ['JOB_UPDATED', 'Third'],
      ['JOB_UPDATED', 'Second'],
      ['JOB_CREATED', 'First'],
    ]);
  });

  it('lists notes written in the same millisecond newest first', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const created = await t.call('POST', '/api/jobs', admin.cookie, { customerId: customer.id, siteAddressId: customer.addressId, name: 'Notes' });
    const jobId = (created.json().data as { id: string }).id;
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T16:00:00.000Z') });
    const written = ['one', 'two', 'three', 'four'];
    for (const note of written) expect((await t.call('POST', '/api/notes', admin.cookie, { noteType: 'Job', note, jobId })).statusCode).toBe(201);
    const list = (await t.call('GET', `/api/notes?jobId=${jobId}&page=1&limit=10`, admin.cookie)).json().items as { note: string }[];
    expect(list.map((n) => n.note)).toEqual([...written].reverse());
  });
});
