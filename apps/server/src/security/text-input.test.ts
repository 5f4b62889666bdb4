import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../test-support/test-app.ts';
import { tenantSnapshot } from './write-requests.fixture.ts';

/** Text fields over real HTTP bodies: invisible-only names are empty, lone surrogates a clear 400, nothing stored. */
let t: TestApp;
let tenantId: string;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
});
afterAll(async () => t.close());

/** JSON.stringify would keep "\ud800" escaped as text; the raw body is what a hostile client sends. */
const rawPost = (url: string, body: string) =>
  t.app.inject({ method: 'POST', url, payload: body, headers: { cookie: admin.cookie, 'content-type': 'application/json' } });

describe('text input', () => {
  it('refuses a job named only with invisible characters as it refuses an empty name', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const before = await tenantSnapshot(t.db, tenantId);
    for (const name of ['', '\u202E\u200B', '\uFEFF \u2066']) {
      const res = await t.call('POST', '/api/jobs', admin.cookie, { customerId: customer.id, siteAddressId: customer.addressId, name });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().message).toEqual(['Job Name is mandatory.']);
    }
    expect(await tenantSnapshot(t.db, tenantId)).toBe(before);
  });

  it('answers a lone surrogate with a clear 400 naming the field, and stores nothing', async () => {
    const before = await tenantSnapshot(t.db, tenantId);
    const res = await rawPost(
      '/api/customers',
      '{"name":"Acme \\ud83d","customerAddress":[{"addressLine1":"1 Main St","fullAddress":"1 Main St"}],"contacts":[]}',
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toEqual([expect.stringMatching(/contains an invalid character/)]);
    expect(await tenantSnapshot(t.db, tenantId)).toBe(before);
  });

  it('keeps a name with visible text, trimmed of invisible ends', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const res = await t.call('POST', '/api/jobs', admin.cookie, {
      customerId: customer.id,
      siteAddressId: customer.addressId,
      name: '\u200BBoiler service\u202C',
    });
    expect(res.statusCode, res.body).toBe(201);
    const job = await t.call('GET', `/api/jobs/${res.json().data.id}`, admin.cookie);
    expect(job.json().data.name).toBe('Boiler service');
  });
});
