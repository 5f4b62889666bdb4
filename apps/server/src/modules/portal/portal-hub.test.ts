import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCustomer, buildJob, buildTask } from '@fieldwork/testing/factories';
import type { TestSmtpServer } from '@fieldwork/testing/smtp-test-server';
import { PORTAL_MESSAGES } from '@fieldwork/domain/portal/portal.rules';
import type { DomainEvent } from '@fieldwork/domain/common/events.schemas';
import { closeMailTestApp, createMailTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { extractPdfText } from '@fieldwork/testing/pdf-text';
import { customerWithEstimate, customerWithInvoice } from './portal.fixture.ts';

/** The customer's invoice, hub and requests for work. */
let smtp: TestSmtpServer;
let t: TestApp;
let tenantId: string;
let admin: Session;
beforeAll(async () => {
  ({ smtp, t, tenantId, admin } = await createMailTestApp());
});
afterAll(async () => closeMailTestApp({ t, smtp }));
const p = () => ({ t, smtp });

describe('invoice and hub', () => {
  it('an invoice shows its lines, payments so far and the balance due; its PDF downloads', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const x = await customerWithInvoice(p(), admin, customer.id);
    const paid = await t.call('POST', `/api/invoices/${x.invoiceId}/payments`, admin.cookie, { amount: 100, paidOn: '2026-11-20', method: 'CHECK' });
    expect(paid.statusCode, paid.body).toBe(201);
    const inv = (await t.call('GET', `/api/portal/invoices/${x.invoiceId}`, x.cookie)).json().data;
    expect(inv).toMatchObject({ totalAmount: 300, paidAmount: 100, balance: 200, payments: [{ amount: 100, paidOn: '2026-11-20', method: 'CHECK' }] });
    expect(inv.lines).toEqual([{ name: 'Service', description: null, qty: 2, rate: 150, total: 300 }]);
    expect(inv).not.toHaveProperty('totalMargin');
    const pdf = await t.call('GET', `/api/portal/invoices/${x.invoiceId}/pdf`, x.cookie);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await extractPdfText(pdf.rawPayload)).toContain('Service');
  });

  it('the hub lists the customer’s estimates and invoices (no drafts), visits to come with the technician’s first name, and past jobs — none of another customer’s', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const other = await buildCustomer(t.db, tenantId);
    const e = await customerWithEstimate(p(), admin, customer.id);
    await customerWithEstimate(p(), admin, other.id);
    const tech = (await t.signInAs(tenantId, 'Technician')).user;
    await t.db.updateTable('users').set({ name: 'Taylor Swift-Fixer' }).where('id', '=', tech.id).execute();
    const job = await buildJob(t.db, tenantId, { customer: { id: customer.id, addressId: customer.addressId }, name: 'Boiler swap' });
    const start = new Date(Date.now() + 2 * 86_400_000);
    const task = await buildTask(t.db, tenantId, { jobId: job.id, technicianId: tech.id, startAt: start.toISOString() });
    await buildJob(t.db, tenantId, { customer: { id: customer.id, addressId: customer.addressId }, name: 'Old leak', status: 'CLOSED' });
    const hub = await t.call('GET', '/api/portal/hub', e.cookie);
    expect(hub.statusCode, hub.body).toBe(200);
    const data = hub.json().data;
    expect(data.estimates.map((x: { id: string }) => x.id)).toEqual([e.estimateId]);
    expect(data.invoices).toEqual([]);
    expect(data.visits.map((v: { id: string }) => v.id)).toContain(task.id);
    expect(data.visits.find((v: { id: string }) => v.id === task.id).technician).toEqual({ firstName: 'Taylor', photoUrl: null });
    expect(data.pastJobs.map((j: { name: string }) => j.name)).toEqual(['Old leak']);
  });
});

describe('requests for work', () => {
  it('from the hub: a new lead on the customer, announced live and emailed to the company', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const e = await customerWithEstimate(p(), admin, customer.id);
    await t.db.updateTable('tenants').set({ email: 'office@company.test' }).where('id', '=', tenantId).execute();
    const events: DomainEvent[] = [];
    const stop = t.app.events.subscribe((ev) => events.push(ev));
    const before = smtp.received.length;
    const bad = await t.call('POST', '/api/portal/work-requests', e.cookie, { description: 'Leaky tap' });
    expect(bad.json().message).toEqual([PORTAL_MESSAGES.siteOrAddress]);
    const res = await t.call('POST', '/api/portal/work-requests', e.cookie, {
      description: 'Leaky tap',
      siteId: customer.addressId,
      preferredTimes: 'Mornings',
    });
    // Delivered after commit: in-process on SQLite, through LISTEN/NOTIFY on PostgreSQL; the lead and the bell's entry.
    await vi.waitFor(() => expect(events.length).toBeGreaterThan(1), { timeout: 10_000 });
    stop();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.message).toBe(PORTAL_MESSAGES.workRequested);
    const leads = (await t.call('GET', '/api/leads', admin.cookie)).json().data;
    const lead = leads.find((l: { customer: { id: string } }) => l.customer.id === customer.id);
    expect(lead).toMatchObject({ status: 'NEW' });
    expect(lead.notes).toContain('Leaky tap');
    expect(lead.notes).toContain('1 Main St, Springfield');
    expect(events.map((ev) => ev.type)).toEqual(['lead.created', 'notification.created']);
    await t.app.worker.drain();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.envelope.to).toEqual(['office@company.test']);
    const foreign = await t.call('POST', '/api/portal/work-requests', e.cookie, { description: 'x', siteId: (await buildCustomer(t.db, tenantId)).addressId });
    expect(foreign.statusCode).toBe(404);
  });

  it('from the public page: an unknown person becomes a new customer with their address, and a lead', async () => {
    const slug = (await t.db.selectFrom('tenants').select('portal_slug').where('id', '=', tenantId).executeTakeFirstOrThrow()).portal_slug!;
    const res = await t.call('POST', `/api/portal/companies/${slug}/work-requests`, undefined, {
      name: 'Robin New',
      email: 'Robin@New.test',
      address: '9 Elm Road, Springfield',
      description: 'Install a water softener',
    });
    expect(res.statusCode, res.body).toBe(201);
    const customer = await t.db.selectFrom('customers').selectAll().where('tenant_id', '=', tenantId).where('name', '=', 'Robin New').executeTakeFirstOrThrow();
    expect(customer.email).toBe('robin@new.test');
    const lead = await t.db.selectFrom('crm_leads').selectAll().where('customer_id', '=', customer.id).executeTakeFirstOrThrow();
    expect(lead.notes).toContain('Install a water softener');
  });
});
