import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTIMATE_ACTION_TABLE, ESTIMATE_TRANSITIONS } from '@fieldwork/domain/billing/estimates.rules';
import { INVOICE_ACTION_TABLE, INVOICE_TRANSITIONS } from '@fieldwork/domain/billing/invoices.rules';
import { buildJob } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { estimateBody, invoiceBody, PNG } from './billing.fixture.ts';

/**
 * The domain's status tables are what the server enforces: change an entry (in this test process only) and the
 * server's answer and the record's actions follow it, with no other code changed.
 */
let t: TestApp;
let tenantId: string;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
});
afterAll(async () => t.close());

const post = (url: string, body: object = {}) => t.call('POST', url, admin.cookie, body);

/** Runs `check` with the table entry's list replaced, then puts the list back as it was. */
async function withEntry(list: readonly string[], next: string[], check: () => Promise<void>): Promise<void> {
  const entry = list as string[];
  const saved = [...entry];
  entry.splice(0, entry.length, ...next);
  try {
    await check();
  } finally {
    entry.splice(0, entry.length, ...saved);
  }
}

async function estimate(decision?: 'DECLINED') {
  const job = await buildJob(t.db, tenantId);
  const e = (await post('/api/estimates', estimateBody({ jobId: job.id, mode: 'Send' }))).json().data;
  if (decision) expect((await post(`/api/estimates/${e.id}/approval`, { decision, signerName: 'Carla Customer', signature: PNG })).statusCode).toBe(200);
  return e.id as string;
}

async function invoice(mode: 'Draft' | 'Send') {
  const job = await buildJob(t.db, tenantId);
  return (await post('/api/invoices', invoiceBody({ jobId: job.id, mode }))).json().data.id as string;
}

describe('status tables are the enforcement', () => {
  it('a transition taken out of the estimate table is refused (and no longer offered); put back, it works', async () => {
    const id = await estimate('DECLINED');
    await withEntry(ESTIMATE_TRANSITIONS.DECLINED, [], async () => {
      expect((await t.call('GET', `/api/estimates/${id}`, admin.cookie)).json().data.actions.void).toBe(false);
      const refused = await post(`/api/estimates/${id}/void`);
      expect(refused.json()).toMatchObject({ statusCode: 409, message: 'Cannot void an estimate in status Declined.' });
    });
    expect((await post(`/api/estimates/${id}/void`)).json().data).toMatchObject({ status: 'VOID' });
  });

  it('an action added to the estimate table is allowed: delete of a sent estimate', async () => {
    const id = await estimate();
    expect((await t.call('DELETE', `/api/estimates/${id}`, admin.cookie)).statusCode).toBe(409);
    await withEntry(ESTIMATE_ACTION_TABLE.SENT, [...ESTIMATE_ACTION_TABLE.SENT, 'delete'], async () => {
      expect((await t.call('GET', `/api/estimates/${id}`, admin.cookie)).json().data.actions.delete).toBe(true);
      expect((await t.call('DELETE', `/api/estimates/${id}`, admin.cookie)).statusCode).toBe(200);
    });
    expect((await t.call('GET', `/api/estimates/${id}`, admin.cookie)).statusCode).toBe(404);
  });

  it('an action taken out of the invoice table is refused: send of a draft', async () => {
    const id = await invoice('Draft');
    await withEntry(
      INVOICE_ACTION_TABLE.DRAFT,
      INVOICE_ACTION_TABLE.DRAFT.filter((a) => a !== 'send'),
      async () => {
        expect((await t.call('GET', `/api/invoices/${id}`, admin.cookie)).json().data.actions.send).toBe(false);
        expect((await post(`/api/invoices/${id}/send`)).json()).toMatchObject({ statusCode: 409, message: 'Cannot send an invoice in status Draft.' });
      },
    );
    expect((await post(`/api/invoices/${id}/send`)).json().data).toMatchObject({ status: 'SENT' });
  });

  it('a payment needs the Sent → Paid transition; without it no payment is taken', async () => {
    const id = await invoice('Send');
    await withEntry(INVOICE_TRANSITIONS.SENT, ['VOID'], async () => {
      const refused = await post(`/api/invoices/${id}/payments`, { amount: 10, paidOn: '2026-03-01', method: 'CASH' });
      expect(refused.json()).toMatchObject({ statusCode: 409, message: 'Payments can be recorded only on an open (sent) invoice.' });
    });
    expect((await post(`/api/invoices/${id}/payments`, { amount: 10, paidOn: '2026-03-01', method: 'CASH' })).statusCode).toBe(201);
  });

  it('an action added to the invoice table is allowed: delete of a void invoice', async () => {
    const id = await invoice('Draft');
    expect((await post(`/api/invoices/${id}/void`)).statusCode).toBe(200);
    expect((await t.call('DELETE', `/api/invoices/${id}`, admin.cookie)).statusCode).toBe(409);
    await withEntry(INVOICE_ACTION_TABLE.VOID, [...INVOICE_ACTION_TABLE.VOID, 'delete'], async () => {
      expect((await t.call('DELETE', `/api/invoices/${id}`, admin.cookie)).statusCode).toBe(200);
    });
  });
});
