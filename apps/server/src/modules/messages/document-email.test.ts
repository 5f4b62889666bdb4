import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MESSAGE_MESSAGES } from '@fieldwork/domain/messages/messages.rules';
import { buildCustomer, buildTenant } from '@fieldwork/testing/factories';
import { extractPdfText } from '@fieldwork/testing/pdf-text';
import type { ReceivedMail, TestSmtpServer } from '@fieldwork/testing/smtp-test-server';
import { closeMailTestApp, createMailTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { estimateBody, invoiceBody, line } from '../billing/billing.fixture.ts';
import { tenantSnapshot } from '../../security/write-requests.fixture.ts';

/** Estimates, invoices and receipts by email, through a real SMTP server on loopback. */
let smtp: TestSmtpServer;
let t: TestApp;
let tenantId: string;
let admin: Session;
beforeAll(async () => {
  ({ smtp, t, tenantId, admin } = await createMailTestApp());
});
afterAll(async () => closeMailTestApp({ t, smtp }));

async function delivered(from: number, count: number): Promise<ReceivedMail[]> {
  await t.app.worker.drain();
  return (await smtp.waitFor(from + count)).slice(from);
}
const pdfOf = (mail: ReceivedMail) => mail.attachments.find((a) => a.contentType === 'application/pdf');

describe('documents by email', () => {
  it("an invoice goes to its recipients with its PDF; the document shows each recipient's state and the log says who got what", async () => {
    const customer = await buildCustomer(t.db, tenantId, { name: 'Riverside Dental' });
    const inv = (await t.call('POST', '/api/invoices', admin.cookie, invoiceBody({ accountId: customer.id, lines: [line('Boiler service', 1, 480)] }))).json()
      .data;
    const before = smtp.received.length;
    const sent = await t.call('POST', `/api/invoices/${inv.id}/send`, admin.cookie, {
      email: { to: ['Billing@Riverside.test', 'owner@riverside.test'], cc: ['bookkeeper@riverside.test'] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.status).toBe('SENT');
    expect(smtp.received.length).toBe(before); // the request did not wait for the mail server
    const queued = (await t.call('GET', `/api/messages?invoiceId=${inv.id}`, admin.cookie)).json().data.items;
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ kind: 'invoice', state: 'queued', attachment: 'invoice-pdf', customerId: customer.id });

    // Each recipient gets a copy of their own, addressed to them alone, with a personal link to the invoice.
    const mails = await delivered(before, 3);
    expect(mails.map((m) => m.envelope.to).sort()).toEqual([['billing@riverside.test'], ['bookkeeper@riverside.test'], ['owner@riverside.test']]);
    const links = mails.map((m) => /\/portal\/open#([A-Za-z0-9_-]{40,})/.exec(m.text ?? '')?.[1]);
    expect(new Set(links).size).toBe(3);
    expect(links.every(Boolean)).toBe(true);
    const mail = mails[0]!;
    expect(mail!.subject).toBe(`Invoice #${inv.invoiceNumber} from ${(await t.call('GET', '/api/company', admin.cookie)).json().data.name}`);
    expect(mail!.text).toContain('Hi Riverside Dental');
    expect(mail!.text).toContain('$480.00');
    const pdf = pdfOf(mail!)!;
    expect(pdf.filename).toBe(`Invoice-${inv.invoiceNumber}.pdf`);
    const text = await extractPdfText(pdf.content);
    expect(text).toContain(`Invoice #${inv.invoiceNumber}`);
    expect(text).toContain('Boiler service');

    const after = (await t.call('GET', `/api/messages?invoiceId=${inv.id}`, admin.cookie)).json().data.items[0];
    expect(after.state).toBe('sent');
    expect(after.recipients.map((r: { address: string; role: string; state: string }) => [r.address, r.role, r.state]).sort()).toEqual([
      ['billing@riverside.test', 'to', 'sent'],
      ['bookkeeper@riverside.test', 'cc', 'sent'],
      ['owner@riverside.test', 'to', 'sent'],
    ]);
    expect((await t.call('GET', `/api/messages?customerId=${customer.id}`, admin.cookie)).json().data.items.map((m: { id: string }) => m.id)).toContain(
      after.id,
    );
    const log = await sql<{ message: string }>`select message from activity_log where entity_id = ${inv.id} order by created_at desc, id desc`.execute(t.db);
    expect(log.rows[0]!.message).toContain('emailed to billing@riverside.test, owner@riverside.test, bookkeeper@riverside.test');
  });

  it("an estimate re-sent with the sender's own subject and message", async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const est = (await t.call('POST', '/api/estimates', admin.cookie, estimateBody({ accountId: customer.id, mode: 'Send' }))).json().data;
    const before = smtp.received.length;
    const res = await t.call('POST', `/api/estimates/${est.id}/send`, admin.cookie, {
      email: { to: ['client@example.com'], subject: 'Your quote, as promised', message: 'Hi Sam,\n\nHere it is. <b>Thanks</b>' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await delivered(before, 1);
    expect(mail!.subject).toBe('Your quote, as promised');
    expect(mail!.html).toContain('&lt;b&gt;Thanks&lt;/b&gt;');
    expect(await extractPdfText(pdfOf(mail!)!.content)).toContain(`Estimate #${est.estimateNumber}`);
  });

  it('send without an email still only marks it sent', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const inv = (await t.call('POST', '/api/invoices', admin.cookie, invoiceBody({ accountId: customer.id }))).json().data;
    const res = await t.call('POST', `/api/invoices/${inv.id}/send`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.call('GET', `/api/messages?invoiceId=${inv.id}`, admin.cookie)).json().data.items).toEqual([]);
  });

  it('bad recipients, too many recipients and an unverified company: a clear 4xx naming the field, nothing queued or changed', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const inv = (await t.call('POST', '/api/invoices', admin.cookie, invoiceBody({ accountId: customer.id }))).json().data;
    const before = await tenantSnapshot(t.db, tenantId);
    const cases: [object, number, unknown][] = [
      [{ email: { to: ['not an address'] } }, 400, ['To: "not an address" is not a valid email address.']],
      [{ email: { to: [] } }, 400, [MESSAGE_MESSAGES.noRecipients]],
      [{ email: { to: ['a@example.com'], cc: ['b@example.com', 'nope'] } }, 400, ['Cc: "nope" is not a valid email address.']],
      [{ email: { to: Array.from({ length: 11 }, (_, i) => `p${i}@example.com`) } }, 400, [MESSAGE_MESSAGES.tooManyRecipients]],
    ];
    for (const [body, status, message] of cases) {
      const res = await t.call('POST', `/api/invoices/${inv.id}/send`, admin.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toEqual(message);
    }
    expect(await tenantSnapshot(t.db, tenantId)).toBe(before);

    const unverified = await buildTenant(t.db, { verified: false });
    const owner = await t.signInAs(unverified.id, 'Admin', 'fullAccess');
    const theirs = (await t.call('POST', '/api/invoices', owner.cookie, invoiceBody({ accountId: (await buildCustomer(t.db, unverified.id)).id }))).json().data;
    const snapshot = await tenantSnapshot(t.db, unverified.id);
    const refused = await t.call('POST', `/api/invoices/${theirs.id}/send`, owner.cookie, { email: { to: ['client@example.com'] } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGE_MESSAGES.unverified);
    expect(await tenantSnapshot(t.db, unverified.id)).toBe(snapshot);
  });

  it("the Send dialog starts from the billing contact, then the site contact, the company's wording filled in, and the last recipients", async () => {
    const customer = await buildCustomer(t.db, tenantId, { name: 'Maple Clinic' });
    const contact = (id: string, name: string, email: string | null, position: number, archived = false) => ({
      id,
      tenant_id: tenantId,
      customer_id: customer.id,
      name,
      email,
      mobile_number: null,
      is_billing: 0 as const,
      position,
      archived_at: archived ? '2026-11-01T00:00:00.000Z' : null,
    });
    const siteId = randomUUID();
    await t.db
      .insertInto('customer_contacts')
      .values([
        contact(randomUUID(), 'Old Manager', 'old@maple.test', 1, true),
        contact(randomUUID(), 'No Address', null, 2),
        contact(randomUUID(), 'Front Desk', 'desk@maple.test', 3),
        contact(siteId, 'Site Lead', ' Site@Maple.test ', 4),
      ])
      .execute();
    const body = invoiceBody({ accountId: customer.id, lines: [line('Filter change', 2, 45)] });
    const created = await t.call('POST', '/api/invoices', admin.cookie, { ...body, jobInfo: { ...body.jobInfo, siteContactId: siteId } });
    expect(created.statusCode, created.body).toBe(201);
    const inv = created.json().data;
    const draft = await t.call('GET', `/api/invoices/${inv.id}/email-draft`, admin.cookie);
    expect(draft.statusCode, draft.body).toBe(200);
    const company = (await t.call('GET', '/api/company', admin.cookie)).json().data.name;
    expect(draft.json().data).toEqual({
      suggestions: [
        { email: 'pat@example.com', name: 'Pat Contact', role: 'Billing contact' },
        { email: 'site@maple.test', name: 'Site Lead', role: 'Site contact' },
        { email: 'desk@maple.test', name: 'Front Desk', role: 'Contact' },
      ],
      subject: `Invoice #${inv.invoiceNumber} from ${company}`,
      message: expect.stringContaining('Hi Maple Clinic'),
      attachmentName: `Invoice-${inv.invoiceNumber}.pdf`,
      companyVerified: true,
      mailConfigured: true,
      lastEmailedTo: [],
    });
    expect(draft.json().data.message).toContain('$90.00');
    const mailed = smtp.received.length;
    await t.call('POST', `/api/invoices/${inv.id}/send`, admin.cookie, { email: { to: ['desk@maple.test'], cc: ['pat@example.com'] } });
    await delivered(mailed, 1);
    expect((await t.call('GET', `/api/invoices/${inv.id}/email-draft`, admin.cookie)).json().data.lastEmailedTo).toEqual(['desk@maple.test']);

    const est = (await t.call('POST', '/api/estimates', admin.cookie, estimateBody({ accountId: customer.id }))).json().data;
    const estDraft = (await t.call('GET', `/api/estimates/${est.id}/email-draft`, admin.cookie)).json().data;
    expect(estDraft.subject).toContain(`#${est.estimateNumber}`);
    expect(estDraft.attachmentName).toBe(`Estimate-${est.estimateNumber}.pdf`);

    const unverified = await buildTenant(t.db, { verified: false });
    const owner = await t.signInAs(unverified.id, 'Admin', 'fullAccess');
    const theirs = (await t.call('POST', '/api/invoices', owner.cookie, invoiceBody({ accountId: (await buildCustomer(t.db, unverified.id)).id }))).json().data;
    expect((await t.call('GET', `/api/invoices/${theirs.id}/email-draft`, owner.cookie)).json().data.companyVerified).toBe(false);
  });

  it('a payment can email a receipt with the amount and the balance left', async () => {
    const customer = await buildCustomer(t.db, tenantId, { name: 'Hill Bakery' });
    const inv = (
      await t.call('POST', '/api/invoices', admin.cookie, invoiceBody({ accountId: customer.id, mode: 'Send', lines: [line('Oven repair', 1, 1000)] }))
    ).json().data;
    const before = smtp.received.length;
    const paid = await t.call('POST', `/api/invoices/${inv.id}/payments`, admin.cookie, {
      amount: 250,
      paidOn: '2026-11-20',
      method: 'CARD',
      receipt: { to: ['owner@hill.test'] },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const [mail] = await delivered(before, 1);
    expect(mail!.envelope.to).toEqual(['owner@hill.test']);
    expect(mail!.subject).toBe(`Payment received — invoice #${inv.invoiceNumber}`);
    for (const part of ['$250.00', 'Nov 20, 2026', '$750.00']) expect(mail!.text).toContain(part);
    const noReceipt = await t.call('POST', `/api/invoices/${inv.id}/payments`, admin.cookie, { amount: 10, paidOn: '2026-11-21', method: 'CASH' });
    expect(noReceipt.statusCode).toBe(201);
    await t.app.worker.drain();
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.received.length).toBe(before + 1);
  });
});
