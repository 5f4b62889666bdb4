import fc from 'fast-check';
import type { TestApp } from '../../test-support/test-app.ts';
import { estimateBody, invoiceBody, line, PNG } from './billing.fixture.ts';

/**
 * Billing writes through the API, drawn at random: every way a document's money, status or job can change
 * (create, edit, send, void, approve, deposit, convert, pay, link, delete, draft copy). Picks are indexes into
 * whatever documents and jobs exist when the write runs, so any sequence is valid; many writes are refused
 * (409), which is part of what is tested.
 */
export type BillingWrite =
  | { kind: 'create'; doc: 'estimates' | 'invoices'; job: number | null; send: boolean; dollars: number; deposit: boolean }
  | { kind: 'edit'; pick: number; dollars: number }
  | { kind: 'send' | 'void' | 'delete' | 'draft'; pick: number }
  | { kind: 'approve'; pick: number; decision: 'APPROVED' | 'DECLINED' | 'CHANGE_REQUEST' }
  | { kind: 'deposit' | 'convert'; pick: number }
  | { kind: 'pay'; pick: number; cents: number }
  | { kind: 'link'; pick: number; job: number };

const pick = fc.nat({ max: 1_000 });
export const billingWrite: fc.Arbitrary<BillingWrite> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      doc: fc.constantFrom('estimates' as const, 'invoices' as const),
      job: fc.option(pick, { nil: null }),
      send: fc.boolean(),
      dollars: fc.integer({ min: 1, max: 900 }),
      deposit: fc.boolean(),
    }),
  },
  fc.record({ kind: fc.constant('edit' as const), pick, dollars: fc.integer({ min: 1, max: 900 }) }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('send' as const, 'delete' as const), pick }) },
  fc.record({ kind: fc.constantFrom('void' as const, 'draft' as const, 'deposit' as const, 'convert' as const), pick }),
  fc.record({ kind: fc.constant('approve' as const), pick, decision: fc.constantFrom('APPROVED' as const, 'DECLINED' as const, 'CHANGE_REQUEST' as const) }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('pay' as const), pick, cents: fc.integer({ min: 1, max: 60_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('link' as const), pick, job: pick }) },
);

/** The documents written so far (deleted ones stay listed: a write on one is a 404, also an answer). */
export type Pool = { customerId: string; jobIds: string[]; docs: { kind: 'estimates' | 'invoices'; id: string }[] };

const of = <T>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);

/** Writes that exist for one kind of document only. */
const ONLY: Partial<Record<BillingWrite['kind'], Pool['docs'][number]['kind']>> = {
  approve: 'estimates',
  deposit: 'estimates',
  convert: 'estimates',
  pay: 'invoices',
};

/** Runs one write; returns its status code (0 when there was nothing to write on). */
export async function runBillingWrite(t: TestApp, cookie: string, pool: Pool, w: BillingWrite): Promise<number> {
  const call = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, body?: object) => t.call(method, url, cookie, body);
  if (w.kind === 'create') {
    const jobId = w.job === null ? undefined : of(pool.jobIds, w.job);
    const where = jobId ? { jobId } : { accountId: pool.customerId };
    const lines = [line('Work', 1, w.dollars)];
    const info = w.deposit ? { isDepositRequired: true, depositAmount: Math.ceil(w.dollars / 4) } : {};
    const body =
      w.doc === 'estimates'
        ? estimateBody({ ...where, lines, info, mode: w.send ? 'Send' : 'Draft' })
        : invoiceBody({ ...where, lines, mode: w.send ? 'Send' : 'Draft' });
    const res = await call('POST', `/api/${w.doc}`, body);
    if (res.statusCode === 201) pool.docs.push({ kind: w.doc, id: res.json().data.id });
    return res.statusCode;
  }
  const only = ONLY[w.kind];
  const doc = of(only ? pool.docs.filter((d) => d.kind === only) : pool.docs, w.pick);
  if (!doc) return 0;
  const url = `/api/${doc.kind}/${doc.id}`;
  switch (w.kind) {
    case 'edit': {
      const current = await call('GET', url);
      if (current.statusCode !== 200) return current.statusCode;
      const { version, job } = current.json().data;
      const where = job ? { jobId: job.id } : { accountId: pool.customerId };
      const lines = [line('Work', 2, w.dollars)];
      const body = doc.kind === 'estimates' ? estimateBody({ ...where, lines }) : invoiceBody({ ...where, lines });
      return (await call('PUT', url, { ...body, version })).statusCode;
    }
    case 'send':
    case 'void':
      return (await call('POST', `${url}/${w.kind}`, {})).statusCode;
    case 'delete':
      return (await call('DELETE', url)).statusCode;
    case 'draft': {
      const res = await call('POST', `${url}/draft`, {});
      if (res.statusCode === 201) pool.docs.push({ kind: doc.kind, id: res.json().data.id });
      return res.statusCode;
    }
    case 'approve':
      return (await call('POST', `${url}/approval`, { decision: w.decision, signerName: 'Carla Customer', signature: PNG })).statusCode;
    case 'deposit':
      return (await call('POST', `${url}/deposit`, { paidOn: '2026-03-01', method: 'CHECK' })).statusCode;
    case 'convert': {
      const res = await call('POST', `${url}/convert`, {});
      if (res.statusCode === 201) pool.docs.push({ kind: 'invoices', id: res.json().data.id });
      return res.statusCode;
    }
    case 'pay':
      return (await call('POST', `${url}/payments`, { amount: w.cents / 100, paidOn: '2026-03-02', method: 'CASH' })).statusCode;
    case 'link': {
      const jobId = of(pool.jobIds, w.job)!;
      const key = doc.kind === 'estimates' ? 'estimateId' : 'invoiceId';
      return (await call('POST', `/api/${doc.kind}/link`, { jobId, [key]: doc.id })).statusCode;
    }
  }
}

/** Every answer a billing write may give: done, refused for the record's state or input, or not there. */
export const EXPECTED_CODES = [0, 200, 201, 400, 404, 409];
