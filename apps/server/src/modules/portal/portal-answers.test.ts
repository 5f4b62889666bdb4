import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { buildCustomer, buildJob } from '@fieldwork/testing/factories';
import type { TestSmtpServer } from '@fieldwork/testing/smtp-test-server';
import { PORTAL_MESSAGES } from '@fieldwork/domain/portal/portal.rules';
import type { DomainEvent } from '@fieldwork/domain/common/events.schemas';
import { extractPdfText } from '@fieldwork/testing/pdf-text';
import { closeMailTestApp, createMailTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { estimateBody, line, PNG } from '../billing/billing.fixture.ts';
import { customerWithEstimate, emailDocument, openLink } from './portal.fixture.ts';

/** The customer's answers to an estimate: the same tables and conditional write as the onsite approval. */
let smtp: TestSmtpServer;
let t: TestApp;
let tenantId: string;
let admin: Session;
beforeAll(async () => {
  ({ smtp, t, tenantId, admin } = await createMailTestApp());
});
afterAll(async () => closeMailTestApp({ t, smtp }));
const p = () => ({ t, smtp });
const approve = { signerName: 'Casey Client', typedSignature: 'Casey Client', acceptTerms: true };

describe('approve, decline, request changes', () => {
  it('approval records name, time, IP, browser, signature and the document hash; the office sees it live, in the log, and the job lead by email', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const lead = (await t.signInAs(tenantId, 'Admin', 'fullAccess')).user;
    const job = await buildJob(t.db, tenantId, { customer: { id: customer.id, addressId: customer.addressId } });
    await sql`update jobs set job_lead_id = ${lead.id} where id = ${job.id}`.execute(t.db);
    const est = (await t.call('POST', '/api/estimates', admin.cookie, estimateBody({ jobId: job.id, lines: [line('Heat pump', 1, 4200)] }))).json().data;
    const [token] = await emailDocument(p(), admin, 'estimates', est.id, ['owner@example.com']);
    const { cookie } = await openLink(t, token!);
    const events: DomainEvent[] = [];
    const stop = t.app.events.subscribe((e) => events.push(e));
    const before = smtp.received.length;

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/portal/estimates/${est.id}/approve`,
      headers: { cookie: cookie!, 'user-agent': 'Phone Browser 1.0' },
      payload: { ...approve, typedSignature: undefined, signature: PNG },
    });
    // Delivered after commit: in-process on SQLite, through LISTEN/NOTIFY on PostgreSQL.
    // The status change and the office's bell entry, both from the answer's transaction.
    await vi.waitFor(() => expect(events.length).toBeGreaterThan(1), { timeout: 10_000 });
    stop();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'APPROVED',
      canAnswer: false,
      answer: { decision: 'APPROVED', signerName: 'Casey Client', via: 'portal' },
    });
    const row = await t.db.selectFrom('estimates').selectAll().where('id', '=', est.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ approval_via: 'portal', approval_user_agent: 'Phone Browser 1.0', approval_signature: PNG, approval_ip: '127.0.0.1' });
    expect(row.approval_document_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(events.map((e) => [e.type, e.recordId])).toEqual([
      ['estimate.status', est.id],
      ['notification.created', expect.any(String)],
    ]);
    const office = (await t.call('GET', `/api/estimates/${est.id}`, admin.cookie)).json().data;
    expect(office.status).toBe('APPROVED');
    expect(office.approval).toMatchObject({
      via: 'portal',
      signerName: 'Casey Client',
      userAgent: 'Phone Browser 1.0',
      documentHash: row.approval_document_hash,
    });
    expect(office.actions.edit).toBe(false); // approved is frozen: a change is a new draft
    const log = await sql<{ message: string }>`select message from activity_log where entity_id = ${est.id} order by created_at desc, id desc`.execute(t.db);
    expect(log.rows[0]!.message).toBe(`Estimate #${est.estimateNumber} Approved in the customer portal by Casey Client`);
    await t.app.worker.drain();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.envelope.to).toEqual([lead.email]);
    expect(mail!.subject).toBe(`${customer.name} approved estimate #${est.estimateNumber}`);
  });

  it('the hash is of the document as answered (number, lines, totals, message): two estimates hash differently; a typed signature is kept', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const a = await customerWithEstimate(p(), admin, customer.id);
    const b = await customerWithEstimate(p(), admin, customer.id);
    for (const x of [a, b]) await t.call('POST', `/api/portal/estimates/${x.estimateId}/approve`, x.cookie, approve);
    const rows = await t.db
      .selectFrom('estimates')
      .select(['id', 'approval_document_hash', 'approval_signature_text'])
      .where('id', 'in', [a.estimateId, b.estimateId])
      .execute();
    expect(rows.every((r) => r.approval_signature_text === 'Casey Client')).toBe(true);
    expect(rows[0]!.approval_document_hash).not.toBe(rows[1]!.approval_document_hash);
    // The printed copy carries the same record, for the office and for the customer.
    const hash = rows.find((r) => r.id === a.estimateId)!.approval_document_hash!;
    for (const [url, cookie] of [
      [`/api/estimates/${a.estimateId}/pdf`, admin.cookie],
      [`/api/portal/estimates/${a.estimateId}/pdf`, a.cookie],
    ] as const) {
      const text = (await extractPdfText((await t.call('GET', url, cookie)).rawPayload)).replace(/\s+/g, ' ');
      for (const expected of ['In the customer portal', 'Typed Signature', 'Casey Client']) expect(text, url).toContain(expected);
      expect(text.replace(/ /g, ''), url).toContain(hash);
    }
  });

  it('request changes needs a comment, which the office reads; decline takes an optional reason', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const x = await customerWithEstimate(p(), admin, customer.id);
    const empty = await t.call('POST', `/api/portal/estimates/${x.estimateId}/request-changes`, x.cookie, { comment: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toEqual([PORTAL_MESSAGES.changesRequired]);
    const noTerms = await t.call('POST', `/api/portal/estimates/${x.estimateId}/approve`, x.cookie, { ...approve, acceptTerms: false });
    expect(noTerms.json().message).toEqual([PORTAL_MESSAGES.termsRequired]);
    const unsigned = await t.call('POST', `/api/portal/estimates/${x.estimateId}/approve`, x.cookie, { signerName: 'A', acceptTerms: true });
    expect(unsigned.json().message).toEqual([PORTAL_MESSAGES.signatureRequired]);
    const changes = await t.call('POST', `/api/portal/estimates/${x.estimateId}/request-changes`, x.cookie, { comment: 'Please quote a smaller unit' });
    expect(changes.statusCode, changes.body).toBe(200);
    const office = (await t.call('GET', `/api/estimates/${x.estimateId}`, admin.cookie)).json().data;
    expect(office).toMatchObject({ status: 'CHANGE_REQUEST', approval: { decision: 'CHANGE_REQUEST', comment: 'Please quote a smaller unit' } });
    const again = await t.call('POST', `/api/portal/estimates/${x.estimateId}/decline`, x.cookie, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PORTAL_MESSAGES.cannotAnswer('Change Request'));

    const y = await customerWithEstimate(p(), admin, customer.id);
    const declined = await t.call('POST', `/api/portal/estimates/${y.estimateId}/decline`, y.cookie, {});
    expect(declined.json().data).toMatchObject({ status: 'DECLINED', answer: { decision: 'DECLINED', comment: null } });
  });

  it('two tabs answering at once: one outcome, the rest told it already changed; a retry with the same Idempotency-Key gets the answer again', async () => {
    for (let round = 0; round < 3; round++) {
      const customer = await buildCustomer(t.db, tenantId);
      const x = await customerWithEstimate(p(), admin, customer.id);
      const answers = Array.from({ length: 12 }, (_, i) =>
        i % 3 === 0
          ? t.call('POST', `/api/portal/estimates/${x.estimateId}/approve`, x.cookie, approve)
          : i % 3 === 1
            ? t.call('POST', `/api/portal/estimates/${x.estimateId}/decline`, x.cookie, { reason: 'Too dear' })
            : t.call('POST', `/api/portal/estimates/${x.estimateId}/request-changes`, x.cookie, { comment: 'Cheaper please' }),
      );
      const results = await Promise.all(answers);
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(11);
      const status = results.find((r) => r.statusCode === 200)!.json().data.status;
      expect((await t.call('GET', `/api/estimates/${x.estimateId}`, admin.cookie)).json().data.status).toBe(status);
      const changes = await sql<{
        n: number;
      }>`select count(*) as n from activity_log where entity_id = ${x.estimateId} and action = 'ESTIMATE_STATUS_CHANGED' and message like '%customer portal%'`.execute(
        t.db,
      );
      expect(Number(changes.rows[0]!.n)).toBe(1);
    }
    const customer = await buildCustomer(t.db, tenantId);
    const x = await customerWithEstimate(p(), admin, customer.id);
    const key = randomUUID();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/portal/estimates/${x.estimateId}/approve`,
        headers: { cookie: x.cookie, 'idempotency-key': key },
        payload: approve,
      });
    const first = await send();
    const retry = await send();
    expect([first.statusCode, retry.statusCode]).toEqual([200, 200]);
    expect(retry.json().data.answer).toEqual(first.json().data.answer);
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/portal/estimates/${x.estimateId}/approve`,
      headers: { cookie: x.cookie, 'idempotency-key': randomUUID() },
      payload: approve,
    });
    expect(other.statusCode).toBe(409);
  });

  it('a draft is not the customer’s to see; an expired estimate can no longer be answered', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const x = await customerWithEstimate(p(), admin, customer.id);
    const draft = (await t.call('POST', '/api/estimates', admin.cookie, estimateBody({ accountId: customer.id }))).json().data;
    expect((await t.call('GET', `/api/portal/estimates/${draft.id}`, x.cookie)).statusCode).toBe(404);
    await sql`update estimates set due_date = '2020-01-01' where id = ${x.estimateId}`.execute(t.db);
    const page = (await t.call('GET', `/api/portal/estimates/${x.estimateId}`, x.cookie)).json().data;
    expect(page).toMatchObject({ status: 'EXPIRED', canAnswer: false });
    const late = await t.call('POST', `/api/portal/estimates/${x.estimateId}/approve`, x.cookie, approve);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(PORTAL_MESSAGES.cannotAnswer('Expired'));
  });
});
