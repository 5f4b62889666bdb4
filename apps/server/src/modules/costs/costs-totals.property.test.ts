import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildJob } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { invoiceBody } from '../billing/billing.fixture.ts';
import { jobCosts } from './costs.fixture.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
});
afterAll(async () => t.close());

type Op =
  | { kind: 'add'; type: 'OTHER' | 'MATERIAL'; cents: number; qty: number }
  | { kind: 'edit'; pick: number; cents: number; stale: boolean }
  | { kind: 'delete'; pick: number }
  | { kind: 'pay'; cents: number }
  | { kind: 'estimate'; cents: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    type: fc.constantFrom('OTHER' as const, 'MATERIAL' as const),
    cents: fc.integer({ min: 0, max: 500_000 }),
    qty: fc.integer({ min: 1, max: 5_000 }),
  }),
  fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), cents: fc.integer({ min: 0, max: 500_000 }), stale: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('pay' as const), cents: fc.integer({ min: 1, max: 20_000 }) }),
  fc.record({ kind: fc.constant('estimate' as const), cents: fc.integer({ min: 0, max: 100_000 }) }),
);

const body = (jobId: string, type: 'OTHER' | 'MATERIAL', cents: number, qtyMilli: number) =>
  type === 'OTHER'
    ? { costType: 'OTHER', jobId, description: 'Fee', amount: cents / 100 }
    : { costType: 'MATERIAL', jobId, item: 'Part', quantity: qtyMilli / 1000, unitCost: cents / 100 };

/** What the test itself expects an amount to be: qty × rate rounded half up (all positive here). */
const amountOf = (type: 'OTHER' | 'MATERIAL', cents: number, qtyMilli: number) => (type === 'OTHER' ? cents : Math.floor((qtyMilli * cents + 500) / 1000));

describe('job totals after a random sequence of cost and payment changes', () => {
  it('equal a full recomputation, in the stored columns and on the job DTO', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const job = await buildJob(t.db, tenantId);
        const invoice = (await t.call('POST', '/api/invoices', admin.cookie, invoiceBody({ jobId: job.id, mode: 'Send' }))).json().data;
        const model = new Map<string, { cents: number; version: number; type: 'OTHER' | 'MATERIAL'; qty: number }>();
        let paid = 0;
        const total = Math.round(invoice.totalAmount * 100);
        for (const o of ops) {
          const ids = [...model.keys()];
          if (o.kind === 'add') {
            const res = await t.call('POST', '/api/cost', admin.cookie, body(job.id, o.type, o.cents, o.qty));
            expect(res.statusCode, res.body).toBe(201);
            model.set(res.json().data.id, { cents: amountOf(o.type, o.cents, o.qty), version: 1, type: o.type, qty: o.qty });
          } else if (o.kind === 'edit' && ids.length) {
            const id = ids[o.pick % ids.length]!;
            const m = model.get(id)!;
            const res = await t.call('PUT', `/api/cost/${id}`, admin.cookie, {
              ...body(job.id, m.type, o.cents, m.qty),
              version: o.stale ? m.version + 7 : m.version,
            });
            if (o.stale) expect(res.statusCode).toBe(409);
            else model.set(id, { ...m, cents: amountOf(m.type, o.cents, m.qty), version: m.version + 1 });
          } else if (o.kind === 'delete' && ids.length) {
            const id = ids[o.pick % ids.length]!;
            expect((await t.call('DELETE', `/api/cost/${id}`, admin.cookie)).statusCode).toBe(204);
            model.delete(id);
          } else if (o.kind === 'pay') {
            const res = await t.call('POST', `/api/invoices/${invoice.id}/payments`, admin.cookie, {
              amount: o.cents / 100,
              paidOn: '2026-01-01',
              method: 'CASH',
            });
            if (paid + o.cents <= total) {
              expect(res.statusCode, res.body).toBe(201);
              paid += o.cents;
            } else expect(res.statusCode).toBe(409);
          } else if (o.kind === 'estimate') {
            // Estimated costs never move the job's actual totals.
            const est = (
              await t.call('POST', '/api/estimates', admin.cookie, {
                mode: 'Draft',
                jobInfo: { type: 'Existing', jobId: job.id },
                estimateInfo: {},
                productServices: [],
              })
            ).json().data.id;
            expect(
              (
                await t.call('POST', '/api/cost', admin.cookie, {
                  costType: 'OTHER',
                  costFor: 'ESTIMATE',
                  estimateId: est,
                  description: 'Budget',
                  amount: o.cents / 100,
                })
              ).statusCode,
            ).toBe(201);
          }
        }
        const expected = [...model.values()].reduce((s, m) => s + m.cents, 0);
        const rows = await t.db.selectFrom('costs').select(['amount_cents']).where('job_id', '=', job.id).where('cost_for', '=', 'JOB').execute();
        const stored = await jobCosts(t, job.id);
        expect(stored).toEqual({
          total_cost_cents: expected,
          cost_count: model.size,
          paid_cents: paid,
          // A Sent invoice's unpaid amount; once paid in full it is Paid and owes nothing either way.
          open_balance_cents: total - paid,
        });
        expect(rows.reduce((s, r) => s + Number(r.amount_cents), 0)).toBe(expected);
        const dto = (await t.call('GET', `/api/jobs/${job.id}`, admin.cookie)).json().data;
        expect(dto).toMatchObject({ totalCost: expected / 100, paidAmount: paid / 100 });
      }),
      { numRuns: 25 },
    );
  });
});
