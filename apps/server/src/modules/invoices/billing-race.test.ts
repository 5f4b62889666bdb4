import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildJob } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { approvedEstimate, estimateBody, invoiceBody, jobMoney, line } from '../billing/billing.fixture.ts';

/**
 * Billing races, 50 parallel requests per round, on whichever dialect the run uses: convert once, payments
 * never past the total, link once, unique numbers. Each round checks the database as well as the answers.
 */
let t: TestApp;
let tenantId: string;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
});
afterAll(async () => t.close());

const PARALLEL = 50;
const ROUNDS = 5;
const noServerErrors = (codes: number[], bodies: string[]) =>
  expect(
    codes.filter((c) => c >= 500),
    bodies.find((_b, i) => codes[i]! >= 500),
  ).toEqual([]);

describe('billing races', () => {
  it(`double convert: ${ROUNDS} rounds of ${PARALLEL} — exactly one invoice, the rest 409`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const job = await buildJob(t.db, tenantId);
      const id = await approvedEstimate(t, admin, job.id);
      const responses = await Promise.all(Array.from({ length: PARALLEL }, () => t.call('POST', `/api/estimates/${id}/convert`, admin.cookie, {})));
      const codes = responses.map((r) => r.statusCode);
      noServerErrors(
        codes,
        responses.map((r) => r.body),
      );
      expect(
        codes.filter((c) => c === 201),
        `round ${round}`,
      ).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(PARALLEL - 1);
      const invoices = await t.db.selectFrom('invoices').select('id').where('converted_from_estimate_id', '=', id).execute();
      expect(invoices).toHaveLength(1);
      expect(invoices[0]!.id).toBe(responses.find((r) => r.statusCode === 201)!.json().data.id);
      expect((await jobMoney(t, job.id)).invoice_count).toBe(1);
    }
  }, 120_000);

  it(`concurrent payments: ${ROUNDS} rounds of ${PARALLEL} × $3 on $100 — exactly 33 land, paid never past the total`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const job = await buildJob(t.db, tenantId);
      const inv = (await t.call('POST', '/api/invoices', admin.cookie, invoiceBody({ jobId: job.id, mode: 'Send', lines: [line('x', 1, 100)] }))).json().data;
      const responses = await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          t.call('POST', `/api/invoices/${inv.id}/payments`, admin.cookie, { amount: 3, paidOn: '2026-03-01', method: 'CASH' }),
        ),
      );
      const codes = responses.map((r) => r.statusCode);
      noServerErrors(
        codes,
        responses.map((r) => r.body),
      );
      expect(
        codes.filter((c) => c === 201),
        `round ${round}`,
      ).toHaveLength(33);
      expect(codes.filter((c) => c === 409)).toHaveLength(PARALLEL - 33);
      const row = await t.db.selectFrom('invoices').select(['paid_cents', 'status']).where('id', '=', inv.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ paid_cents: 9900, status: 'SENT' });
      const payments = await t.db
        .selectFrom('invoice_payments')
        .select((eb) => eb.fn.sum<number>('amount_cents').as('s'))
        .where('invoice_id', '=', inv.id)
        .executeTakeFirstOrThrow();
      expect(Number(payments.s)).toBe(9900);
      expect(await jobMoney(t, job.id)).toMatchObject({ paid_cents: 9900, due_invoices_cents: 100, open_balance_cents: 100 });
    }
  }, 120_000);

  it(`double link: ${ROUNDS} rounds of ${PARALLEL} over ${PARALLEL} jobs — one lands, the rest 409`, async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const jobs = [];
    for (let i = 0; i < PARALLEL; i++) jobs.push(await buildJob(t.db, tenantId, { customer }));
    for (let round = 0; round < ROUNDS; round++) {
      const kind = round % 2 ? 'invoices' : 'estimates';
      const body = kind === 'invoices' ? invoiceBody({ accountId: customer.id, mode: 'Send' }) : estimateBody({ accountId: customer.id, mode: 'Send' });
      const doc = (await t.call('POST', `/api/${kind}`, admin.cookie, body)).json().data;
      const key = kind === 'invoices' ? 'invoiceId' : 'estimateId';
      const responses = await Promise.all(jobs.map((job) => t.call('POST', `/api/${kind}/link`, admin.cookie, { jobId: job.id, [key]: doc.id })));
      const codes = responses.map((r) => r.statusCode);
      noServerErrors(
        codes,
        responses.map((r) => r.body),
      );
      expect(
        codes.filter((c) => c === 200),
        `round ${round}`,
      ).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(PARALLEL - 1);
      const winner = responses.find((r) => r.statusCode === 200)!.json().data.jobId;
      const stored = await t.db.selectFrom(kind).select('job_id').where('id', '=', doc.id).executeTakeFirstOrThrow();
      expect(stored.job_id).toBe(winner);
    }
    const counted = await t.db
      .selectFrom('jobs')
      .select((eb) => [eb.fn.sum<number>('estimate_count').as('e'), eb.fn.sum<number>('invoice_count').as('i')])
      .where('tenant_id', '=', tenantId)
      .where('customer_id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect([Number(counted.e), Number(counted.i)]).toEqual([3, 2]);
  }, 120_000);

  it(`number allocation: ${ROUNDS} rounds of ${PARALLEL} creates — unique, consecutive numbers`, async () => {
    const company = await t.newCompany();
    const customer = await buildCustomer(t.db, company.tenantId);
    for (let round = 0; round < ROUNDS; round++) {
      const responses = await Promise.all(
        Array.from({ length: PARALLEL }, (_v, i) =>
          i % 2
            ? t.call('POST', '/api/invoices', company.admin.cookie, invoiceBody({ accountId: customer.id }))
            : t.call('POST', '/api/estimates', company.admin.cookie, estimateBody({ accountId: customer.id })),
        ),
      );
      noServerErrors(
        responses.map((r) => r.statusCode),
        responses.map((r) => r.body),
      );
      expect(responses.every((r) => r.statusCode === 201)).toBe(true);
    }
    const estimates = (await t.db.selectFrom('estimates').select('estimate_number as n').where('tenant_id', '=', company.tenantId).execute()).map((r) => r.n);
    const invoices = (await t.db.selectFrom('invoices').select('invoice_number as n').where('tenant_id', '=', company.tenantId).execute()).map((r) => r.n);
    for (const list of [estimates, invoices]) {
      const numbers = list.map(Number).sort((a, b) => a - b);
      expect(numbers).toHaveLength((PARALLEL / 2) * ROUNDS);
      expect(new Set(numbers).size).toBe(numbers.length);
      expect(numbers[numbers.length - 1]! - numbers[0]!).toBe(numbers.length - 1);
    }
  }, 120_000);
});
