import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCustomer } from '@fieldwork/testing/factories';
import type { TestSmtpServer } from '@fieldwork/testing/smtp-test-server';
import { runTransaction } from '@fieldwork/db/transactions';
import { withTenant } from '@fieldwork/db/tenant-scope';
import { closeMailTestApp, createMailTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { connected, listenLocal, openStream, type Stream } from '../events/events.fixture.ts';
import { customerWithEstimate } from '../portal/portal.fixture.ts';
import { recordNotification } from './notifications.service.ts';

/** The office's bell: written with the portal answer or request that causes it, read per user, live. */
let smtp: TestSmtpServer;
let t: TestApp;
let tenantId: string;
let admin: Session;
let port: number;
const streams: Stream[] = [];
beforeAll(async () => {
  ({ smtp, t, tenantId, admin } = await createMailTestApp());
  port = await listenLocal(t.app);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await closeMailTestApp({ t, smtp });
});
const p = () => ({ t, smtp });
const approve = { signerName: 'Casey Client', typedSignature: 'Casey Client', acceptTerms: true };
type Entry = { id: string; kind: string; recordId: string; text: string; read: boolean; createdAt: string };
const list = async (s: Session, query = '') => {
  const res = await t.call('GET', `/api/notifications${query}`, s.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Entry[]; unreadCount: number; nextCursor: string | null };
};
const rowsOf = (recordId: string) => t.db.selectFrom('notifications').selectAll().where('record_id', '=', recordId).execute();

describe('portal answers and requests for work', () => {
  it('an approval in the portal: one unread entry for each office reader, linking the estimate, announced live after commit', async () => {
    const staff = await t.signInAs(tenantId, 'Staff', 'onlyViewAccess');
    const before = (await list(admin)).unreadCount;
    const stream = await openStream(port, { cookie: admin.cookie });
    streams.push(stream);
    await connected(stream);
    const customer = await buildCustomer(t.db, tenantId);
    const x = await customerWithEstimate(p(), admin, customer.id);
    const res = await t.call('POST', `/api/portal/estimates/${x.estimateId}/approve`, x.cookie, approve);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await rowsOf(x.estimateId);
    expect(row).toMatchObject({ kind: 'estimate.approved', tenant_id: tenantId });
    // The event carries the notification's id only, on PostgreSQL through NOTIFY.
    await vi.waitFor(() => expect(stream.events.some((e) => e.event === 'notification.created' && e.data.recordId === row!.id)).toBe(true), {
      timeout: 10_000,
    });
    const mine = await list(admin);
    expect(mine.unreadCount).toBe(before + 1);
    expect(mine.data[0]).toMatchObject({
      id: row!.id,
      kind: 'estimate.approved',
      recordId: x.estimateId,
      read: false,
      text: `Estimate #${x.estimateNumber} approved by Casey Client`,
    });
    expect((await list(staff)).data[0]).toMatchObject({ id: row!.id, read: false });
  });

  it('a decline and a request for changes say so; a refused second answer writes nothing', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const x = await customerWithEstimate(p(), admin, customer.id);
    expect((await t.call('POST', `/api/portal/estimates/${x.estimateId}/request-changes`, x.cookie, { comment: 'Smaller unit' })).statusCode).toBe(200);
    expect((await t.call('POST', `/api/portal/estimates/${x.estimateId}/decline`, x.cookie, {})).statusCode).toBe(409);
    expect((await rowsOf(x.estimateId)).map((r) => r.kind)).toEqual(['estimate.changesRequested']);
    expect((await list(admin)).data[0]!.text).toBe(`Changes requested on estimate #${x.estimateNumber} by pat@example.com`);
    const y = await customerWithEstimate(p(), admin, customer.id);
    await t.call('POST', `/api/portal/estimates/${y.estimateId}/decline`, y.cookie, {});
    expect((await list(admin)).data[0]).toMatchObject({ kind: 'estimate.declined', recordId: y.estimateId });
  });

  it('a request for work: an entry on the new lead', async () => {
    const customer = await buildCustomer(t.db, tenantId, { name: 'Robin Requester' });
    const e = await customerWithEstimate(p(), admin, customer.id);
    const res = await t.call('POST', '/api/portal/work-requests', e.cookie, { description: 'Leaky tap', siteId: customer.addressId });
    expect(res.statusCode, res.body).toBe(201);
    const top = (await list(admin)).data[0]!;
    const lead = await t.db.selectFrom('crm_leads').select(['id', 'lead_number']).where('id', '=', top.recordId).executeTakeFirstOrThrow();
    expect(top).toMatchObject({ kind: 'lead.requested', text: `Work requested by Robin Requester (lead #${lead.lead_number})` });
  });

  it('is written in the transaction of its change: a rolled-back change leaves no notification and no event', async () => {
    const seen: string[] = [];
    const stop = t.app.events.subscribe((e) => e.type === 'notification.created' && seen.push(e.recordId!));
    let id = '';
    await expect(
      withTenant(tenantId, () =>
        runTransaction(t.db, async (trx) => {
          id = await recordNotification(trx, tenantId, { kind: 'lead.requested', recordId: 'rolled-back', params: { number: 1 } });
          throw new Error('refused');
        }),
      ),
    ).rejects.toThrow('refused');
    stop();
    expect(id).not.toBe('');
    expect(await rowsOf('rolled-back')).toEqual([]);
    expect(await t.db.selectFrom('notification_recipients').select('user_id').where('notification_id', '=', id).execute()).toEqual([]);
    expect(seen).not.toContain(id);
  });
});

describe('read state, roles and companies', () => {
  const notify = (tenant: string, recordId = 'r') =>
    withTenant(tenant, () =>
      runTransaction(t.db, (trx) => recordNotification(trx, tenant, { kind: 'invoice.paid', recordId, params: { number: 7, amountCents: 1234 } })),
    );

  it('read state is per user: one marks read, the other still sees it unread; read-all touches only the caller', async () => {
    const { tenantId: own, admin: a } = await t.newCompany();
    const b = await t.signInAs(own, 'Staff', 'partialAccess');
    const first = await notify(own);
    const second = await notify(own);
    expect((await list(a)).unreadCount).toBe(2);
    expect((await t.call('POST', `/api/notifications/${first}/read`, a.cookie)).statusCode).toBe(204);
    const afterOne = await list(a);
    expect(afterOne.unreadCount).toBe(1);
    // Two entries made in the same millisecond have no order between them: compare who is read, not the order.
    expect(new Map(afterOne.data.map((n) => [n.id, n.read]))).toEqual(
      new Map([
        [second, false],
        [first, true],
      ]),
    );
    expect((await list(b)).unreadCount).toBe(2);
    expect((await t.call('POST', '/api/notifications/read-all', b.cookie)).statusCode).toBe(204);
    expect((await list(b)).unreadCount).toBe(0);
    expect((await list(a)).unreadCount).toBe(1);
    expect((await list(a)).data[0]!.text).toBe('Invoice #7 paid online: $12.34');
  });

  it('pages newest first with a cursor', async () => {
    const { tenantId: own, admin: a } = await t.newCompany();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await notify(own));
    const page1 = await list(a, '?limit=2');
    const page2 = await list(a, `?limit=2&before=${page1.nextCursor}`);
    const page3 = await list(a, `?limit=2&before=${page2.nextCursor}`);
    expect([...page1.data, ...page2.data, ...page3.data].map((n) => n.id).sort()).toEqual([...ids].sort());
    expect(page3.nextCursor).toBeNull();
    expect(page1.unreadCount).toBe(5);
    expect((await t.call('GET', '/api/notifications?before=nonsense', a.cookie)).statusCode).toBe(400);
  });

  it('technicians and staff without access get 403 and are never recipients', async () => {
    const { tenantId: own } = await t.newCompany();
    const tech = await t.signInAs(own, 'Technician');
    const sub = await t.signInAs(own, 'SubContractor');
    const none = await t.signInAs(own, 'Staff', 'noAccess');
    const id = await notify(own);
    for (const s of [tech, sub, none]) {
      expect((await t.call('GET', '/api/notifications', s.cookie)).statusCode).toBe(403);
      expect((await t.call('POST', `/api/notifications/${id}/read`, s.cookie)).statusCode).toBe(403);
    }
    const recipients = await t.db.selectFrom('notification_recipients').select('user_id').where('notification_id', '=', id).execute();
    expect(recipients.map((r) => r.user_id)).not.toEqual(expect.arrayContaining([tech.user.id]));
    expect(recipients.map((r) => r.user_id)).not.toContain(sub.user.id);
    expect(recipients.map((r) => r.user_id)).not.toContain(none.user.id);
  });

  it("another company's notification is a 404 and stays unread; a user added later was not told", async () => {
    const { tenantId: other, admin: otherAdmin } = await t.newCompany();
    const theirs = await notify(other);
    expect((await t.call('POST', `/api/notifications/${theirs}/read`, admin.cookie)).statusCode).toBe(404);
    expect((await list(admin)).data.map((n) => n.id)).not.toContain(theirs);
    expect((await list(otherAdmin)).data[0]).toMatchObject({ id: theirs, read: false });
    const late = await t.signInAs(other, 'Admin', 'fullAccess');
    expect((await t.call('POST', `/api/notifications/${theirs}/read`, late.cookie)).statusCode).toBe(404);
    expect((await list(otherAdmin)).data[0]).toMatchObject({ id: theirs, read: false });
  });
});
