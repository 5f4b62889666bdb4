import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer } from '@fieldwork/testing/factories';
import { jpegImage, pngBomb, pngImage, webpImage } from '@fieldwork/testing/image-samples';
import { startTestSmtpServer, type TestSmtpServer } from '@fieldwork/testing/smtp-test-server';
import { WORK_REQUEST_PHOTO_MESSAGES } from '@fieldwork/domain/portal/work-request-photos.rules';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { tenantSnapshot } from '../../security/write-requests.fixture.ts';
import { customerWithEstimate } from './portal.fixture.ts';
import { workRequestForm, type FormFile } from './work-request-photos.fixture.ts';

/** Photos on a customer's request for work: stored with the lead in one transaction, shown to the office through the lead only. */
let smtp: TestSmtpServer;
let t: TestApp;
let tenantId: string;
let admin: Session;
let slug: string;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'no-reply@fieldwork.test' } });
  ({ tenantId, admin } = await t.newCompany());
  slug = (await t.db.selectFrom('tenants').select('portal_slug').where('id', '=', tenantId).executeTakeFirstOrThrow()).portal_slug!;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const PNG = pngImage(40, 30);
const JPEG = jpegImage(4032, 3024);
const photo = (name: string, data: Buffer = PNG, type = 'image/png'): FormFile => ({ name, type, data });

function post(url: string, fields: Record<string, string>, files: FormFile[], cookie?: string, remoteAddress?: string) {
  const form = workRequestForm(fields, files);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...form.headers, ...(cookie ? { cookie } : {}) },
    payload: form.payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

async function signedInCustomer() {
  const customer = await buildCustomer(t.db, tenantId);
  const e = await customerWithEstimate({ t, smtp }, admin, customer.id);
  return { customer, cookie: e.cookie };
}

const leadsOf = async (customerId: string) =>
  (await t.call('GET', `/api/leads?customerId=${customerId}`, admin.cookie)).json().data as {
    id: string;
    notes: string;
    photos: { id: string; url: string }[];
  }[];

describe('a request for work with photos', () => {
  it('from the hub: two photos become the lead’s two photos, in order, served to the office as sent', async () => {
    const { customer, cookie } = await signedInCustomer();
    await t.db.updateTable('tenants').set({ email: 'office@company.test' }).where('id', '=', tenantId).execute();
    const mailsBefore = smtp.received.length;
    const res = await post(
      '/api/portal/work-requests',
      { description: 'Cracked tile by the shower', siteId: customer.addressId },
      [photo('tile.png'), { name: 'wide.jpg', type: 'image/jpeg', data: JPEG }],
      cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    const [lead] = await leadsOf(customer.id);
    expect(lead!.notes).toContain('Cracked tile by the shower');
    expect(lead!.photos).toHaveLength(2);
    const first = await t.call('GET', lead!.photos[0]!.url, admin.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.rawPayload.equals(PNG)).toBe(true);
    const second = await t.call('GET', lead!.photos[1]!.url, admin.cookie);
    expect(second.headers['content-type']).toBe('image/jpeg');
    expect(second.rawPayload.equals(JPEG)).toBe(true);
    const one = (await t.call('GET', `/api/leads/${lead!.id}`, admin.cookie)).json().data;
    expect(one.photos).toEqual(lead!.photos);
    await t.app.worker.drain();
    const [mail] = (await smtp.waitFor(mailsBefore + 1)).slice(mailsBefore);
    expect(mail!.text).toContain('2 on the lead');
    expect(mail!.attachments ?? []).toEqual([]);
  });

  it('from the public page: a WebP photo with the fields as form fields', async () => {
    const res = await post(
      `/api/portal/companies/${slug}/work-requests`,
      { name: 'Pat Photo', email: 'pat@photo.test', address: '3 Oak Lane', description: 'Fence post leaning' },
      [photo('fence.webp', webpImage(800, 600), 'image/webp')],
      undefined,
      '10.0.0.1',
    );
    expect(res.statusCode, res.body).toBe(201);
    const customer = await t.db
      .selectFrom('customers')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('name', '=', 'Pat Photo')
      .executeTakeFirstOrThrow();
    const [lead] = await leadsOf(customer.id);
    expect(lead!.photos).toHaveLength(1);
    expect((await t.call('GET', lead!.photos[0]!.url, admin.cookie)).headers['content-type']).toBe('image/webp');
  });

  it('a JSON request still works and gives a lead without photos', async () => {
    const { customer, cookie } = await signedInCustomer();
    const res = await t.call('POST', '/api/portal/work-requests', cookie, { description: 'No pictures', siteId: customer.addressId });
    expect(res.statusCode, res.body).toBe(201);
    expect((await leadsOf(customer.id))[0]!.photos).toEqual([]);
  });

  it('six photos: 400 with the domain’s message, nothing written', async () => {
    const { customer, cookie } = await signedInCustomer();
    const before = await tenantSnapshot(t.db, tenantId);
    const files = Array.from({ length: 6 }, (_, i) => photo(`p${i}.png`));
    const res = await post('/api/portal/work-requests', { description: 'Too many', siteId: customer.addressId }, files, cookie);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toEqual([WORK_REQUEST_PHOTO_MESSAGES.tooMany]);
    expect(await tenantSnapshot(t.db, tenantId)).toBe(before);
  });

  it('a file that is not an image (whatever it claims): 415 naming it, nothing written — on both routes', async () => {
    const { customer, cookie } = await signedInCustomer();
    const before = await tenantSnapshot(t.db, tenantId);
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const signed = await post(
      '/api/portal/work-requests',
      { description: 'Sneaky', siteId: customer.addressId },
      [photo('ok.png'), photo('holiday.jpg', html, 'image/jpeg')],
      cookie,
    );
    expect(signed.statusCode, signed.body).toBe(415);
    expect(signed.json().message).toBe(WORK_REQUEST_PHOTO_MESSAGES.notAnImage('holiday.jpg'));
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const pub = await post(
      `/api/portal/companies/${slug}/work-requests`,
      { name: 'Sam Svg', email: 'sam@svg.test', address: '1 Way', description: 'x' },
      [photo('logo.svg', svg, 'image/svg+xml')],
      undefined,
      '10.0.0.2',
    );
    expect(pub.statusCode, pub.body).toBe(415);
    expect(pub.json().message).toBe(WORK_REQUEST_PHOTO_MESSAGES.notAnImage('logo.svg'));
    expect(await tenantSnapshot(t.db, tenantId)).toBe(before);
  });

  it('an image bomb (7000 × 7000 declared) is refused naming the photo and the limit; a photo in another field is refused', async () => {
    const { customer, cookie } = await signedInCustomer();
    const before = await tenantSnapshot(t.db, tenantId);
    const bomb = await post('/api/portal/work-requests', { description: 'Bomb', siteId: customer.addressId }, [photo('innocent.png', pngBomb())], cookie);
    expect(bomb.statusCode, bomb.body).toBe(400);
    expect(bomb.json().message).toEqual([expect.stringMatching(/^innocent\.png: The image is 7,000 × 7,000 pixels; photos may be at most 40,000,000 pixels/)]);
    const field = await post(
      '/api/portal/work-requests',
      { description: 'Elsewhere', siteId: customer.addressId },
      [{ ...photo('a.png'), field: 'file' }],
      cookie,
    );
    expect(field.statusCode, field.body).toBe(400);
    expect(await tenantSnapshot(t.db, tenantId)).toBe(before);
  });

  it('the fields are validated as for JSON: a missing description is refused with its message, nothing written', async () => {
    const { customer, cookie } = await signedInCustomer();
    const before = await tenantSnapshot(t.db, tenantId);
    const res = await post('/api/portal/work-requests', { siteId: customer.addressId, extra: 'x' }, [photo('a.png')], cookie);
    expect(res.statusCode, res.body).toBe(400);
    expect(await tenantSnapshot(t.db, tenantId)).toBe(before);
  });

  it('without a portal session the signed-in route answers 401 and stores nothing', async () => {
    const before = await tenantSnapshot(t.db, tenantId);
    const res = await post('/api/portal/work-requests', { description: 'x', address: '1 Road' }, [photo('a.png')], admin.cookie);
    expect(res.statusCode).toBe(401);
    expect(await tenantSnapshot(t.db, tenantId)).toBe(before);
  });

  it('the public route stays rate-limited with photos: the sixth request of an address in an hour is 429 and writes nothing', async () => {
    const fields = { name: 'Rae Limit', email: 'rae@limit.test', address: '5 Busy St', description: 'Again' };
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await post(`/api/portal/companies/${slug}/work-requests`, fields, [photo('a.png')], undefined, '10.0.0.3')).statusCode);
    const before = await tenantSnapshot(t.db, tenantId);
    const sixth = await post(`/api/portal/companies/${slug}/work-requests`, fields, [photo('a.png')], undefined, '10.0.0.3');
    expect([...codes, sixth.statusCode]).toEqual([201, 201, 201, 201, 201, 429]);
    expect(await tenantSnapshot(t.db, tenantId)).toBe(before);
  });

  it('an address past its hourly requests is refused before its photos are read: a non-photo gets 429, not 415', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const fields = { name: `Sender ${i}`, email: `sender${i}@many.test`, address: '6 Busy St', description: 'Once' };
      codes.push((await post(`/api/portal/companies/${slug}/work-requests`, fields, [], undefined, '10.0.0.4')).statusCode);
    }
    expect(codes.every((c) => c === 201)).toBe(true);
    const fields = { name: 'Sender 11', email: 'sender11@many.test', address: '6 Busy St', description: 'Once more' };
    const late = await post(`/api/portal/companies/${slug}/work-requests`, fields, [photo('notes.png', Buffer.from('not a picture'))], undefined, '10.0.0.4');
    expect(late.statusCode).toBe(429);
    expect(Number(late.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the office’s photo route', () => {
  it('serves a photo only through its own lead of its own company: another lead’s or company’s id is 404, and it needs leads.read', async () => {
    const { customer, cookie } = await signedInCustomer();
    await post('/api/portal/work-requests', { description: 'With photo', siteId: customer.addressId }, [photo('a.png')], cookie);
    await post('/api/portal/work-requests', { description: 'Another', siteId: customer.addressId }, [photo('b.png')], cookie);
    const [newer, older] = await leadsOf(customer.id);
    const own = await t.call('GET', `/api/leads/${older!.id}/photos/${older!.photos[0]!.id}`, admin.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    const crossed = await t.call('GET', `/api/leads/${older!.id}/photos/${newer!.photos[0]!.id}`, admin.cookie);
    expect(crossed.statusCode).toBe(404);
    const missing = await t.call('GET', `/api/leads/${older!.id}/photos/${crypto.randomUUID()}`, admin.cookie);
    expect(missing.statusCode).toBe(404);
    const other = await t.newCompany();
    const foreign = await t.call('GET', older!.photos[0]!.url, other.admin.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect((await t.call('GET', older!.photos[0]!.url)).statusCode).toBe(401);
    const tech = await t.signInAs(tenantId, 'Technician');
    expect((await t.call('GET', older!.photos[0]!.url, tech.cookie)).statusCode).toBe(403);
  });
});
