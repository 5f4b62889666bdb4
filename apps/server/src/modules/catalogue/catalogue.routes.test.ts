import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { estimateBody } from '../billing/billing.fixture.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
});
afterAll(async () => t.close());

describe('products & services catalogue', () => {
  it('creates, lists by name, searches, edits at its version, deletes; lines keep their copy', async () => {
    const create = (payload: object) => t.call('POST', '/api/catalogue', admin.cookie, payload);
    const item = (await create({ name: 'Valve', rate: 12.5, isTaxable: true, taxPercent: 8.875 })).json().data;
    expect(item).toMatchObject({ name: 'Valve', rate: 12.5, isTaxable: true, taxPercent: 8.875, isActive: true, version: 1 });
    await create({ name: 'Annual service', rate: 199 });
    await create({ name: 'Old part', isActive: false });
    expect((await t.call('GET', '/api/catalogue', admin.cookie)).json().data.map((i: { name: string }) => i.name)).toEqual(['Annual service', 'Valve']);
    expect((await t.call('GET', '/api/catalogue?status=ALL&searchText=PAR', admin.cookie)).json().data.map((i: { name: string }) => i.name)).toEqual([
      'Old part',
    ]);
    const put = await t.call('PUT', `/api/catalogue/${item.id}`, admin.cookie, {
      name: 'Valve 1/2"',
      rate: 13,
      isTaxable: true,
      taxPercent: 8.875,
      version: 1,
    });
    expect(put.json().data).toMatchObject({ name: 'Valve 1/2"', rate: 13, version: 2 });
    expect((await t.call('PUT', `/api/catalogue/${item.id}`, admin.cookie, { name: 'x', version: 1 })).json().code).toBe('STALE_VERSION');
    expect((await create({ name: 'x', rate: 1.001 })).statusCode).toBe(400);
    const customer = await buildCustomer(t.db, tenantId);
    const est = (
      await t.call(
        'POST',
        '/api/estimates',
        admin.cookie,
        estimateBody({ accountId: customer.id, lines: [{ name: 'Valve', qty: 2, rate: 13, serviceId: item.id }] }),
      )
    ).json().data;
    expect(est.productServices[0]).toMatchObject({ serviceId: item.id, total: 26 });
    expect((await t.call('DELETE', `/api/catalogue/${item.id}`, admin.cookie)).statusCode).toBe(204);
    expect((await t.call('GET', `/api/estimates/${est.id}`, admin.cookie)).json().data.productServices[0]).toMatchObject({
      serviceId: null,
      name: 'Valve',
      total: 26,
    });
  });

  it('office reads, office writers write; field roles 403', async () => {
    const view = await t.signInAs(tenantId, 'Staff', 'onlyViewAccess');
    const tech = await t.signInAs(tenantId, 'Technician');
    expect((await t.call('GET', '/api/catalogue', view.cookie)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/catalogue', view.cookie, { name: 'x' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/catalogue', tech.cookie)).statusCode).toBe(403);
  });
});
