import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLevel, RoleName } from '@fieldwork/domain/access/roles.rules';
import { JOB_PEOPLE_MESSAGES, mayHoldJobRole } from '@fieldwork/domain/jobs/job-people.rules';
import { buildCustomer } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
let customer: Awaited<ReturnType<typeof buildCustomer>>;
const people: Partial<Record<string, Session>> = {};
const KINDS: [string, RoleName, AccessLevel][] = [
  ['staff', 'Staff', 'partialAccess'],
  ['viewer', 'Staff', 'onlyViewAccess'],
  ['none', 'Staff', 'noAccess'],
  ['tech', 'Technician', 'noAccess'],
  ['sub', 'SubContractor', 'noAccess'],
];
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  customer = await buildCustomer(t.db, tenantId, { name: 'Acme Plaza' });
  for (const [key, role, access] of KINDS) people[key] = await t.signInAs(tenantId, role, access);
});
afterAll(async () => t.close());

const idOf = (key: string) => people[key]!.user.id;
const post = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: { cookie: admin.cookie },
    payload: { customerId: customer.id, siteAddressId: customer.addressId, name: 'Roof job', ...payload },
  });

describe('who can be a job lead or a sales manager', () => {
  it('refuses a job whose lead or sales manager cannot hold the role, naming the field', async () => {
    for (const key of ['viewer', 'none', 'sub']) {
      const res = await post({ jobLeadId: idOf(key) });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message, key).toEqual([JOB_PEOPLE_MESSAGES.jobLead]);
    }
    for (const key of ['viewer', 'none', 'sub', 'tech']) {
      const res = await post({ salesManagerId: idOf(key) });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message, key).toEqual([JOB_PEOPLE_MESSAGES.salesManager]);
    }
    expect(await t.db.selectFrom('jobs').select('id').where('tenant_id', '=', tenantId).where('name', '=', 'Roof job').execute()).toHaveLength(0);
  });

  it('saves a job led by a technician and sold by partial-access staff', async () => {
    const res = await post({ jobLeadId: idOf('tech'), salesManagerId: idOf('staff') });
    expect(res.statusCode).toBe(201);
    const job = await t.app.inject({ url: `/api/jobs/${res.json().data.id}`, headers: { cookie: admin.cookie } });
    expect(job.json().data.jobLead.userId).toBe(idOf('tech'));
    expect(job.json().data.salesManager.userId).toBe(idOf('staff'));
  });

  it('lists for each picker exactly the people the domain rule allows', async () => {
    for (const jobRole of ['jobLead', 'salesManager'] as const) {
      const res = await t.app.inject({ url: `/api/user?page=1&limit=100&status=ACTIVE&eligibleFor=${jobRole}`, headers: { cookie: admin.cookie } });
      expect(res.statusCode).toBe(200);
      const all = await t.app.inject({ url: '/api/user?page=1&limit=100&status=ACTIVE', headers: { cookie: admin.cookie } });
      const expected = (all.json().items as { id: string; role: string; access: AccessLevel }[])
        .filter((u) => mayHoldJobRole(u, jobRole))
        .map((u) => u.id)
        .sort();
      expect((res.json().items as { id: string }[]).map((u) => u.id).sort(), jobRole).toEqual(expected);
      expect(expected.length).toBeGreaterThan(1);
    }
    const bad = await t.app.inject({ url: '/api/user?eligibleFor=boss', headers: { cookie: admin.cookie } });
    expect(bad.statusCode).toBe(400);
  });
});
