import { randomUUID } from 'node:crypto';
import type { StoredEstimateStatus } from '@fieldwork/domain/billing/estimates.rules';
import type { InvoiceStatus, PaymentMethod } from '@fieldwork/domain/billing/invoices.rules';
import { demoLines, rng, totalsOf, type DemoLine } from './demo-billing-parts.ts';

export const DAY = 86_400_000;
const HOUR = 3_600_000;

export type DemoJob = {
  id: string;
  customer_id: string;
  status: string;
  site_address_id: string;
  building_unit_id: string | null;
  site_contact_id: string | null;
};
export type DemoCustomer = { id: string; addressId: string; contactId: string | null; contactName: string };

/** Where a document points: its customer and (unless loose) its job, with the job's site as defaults, as the server resolves them. */
export type DocRefs = {
  customerId: string;
  jobId: string | null;
  addressId: string;
  buildingUnitId: string | null;
  billingContactId: string | null;
  siteContactId: string | null;
};
export type DocPlan = DocRefs & {
  id: string;
  at: number;
  updatedAt: number;
  dueDays: number | null;
  term: string | null;
  lines: DemoLine[];
  freightCents: number;
  depositCents: number;
  signer: string;
  message: string | null;
};
export type EstimatePlan = DocPlan & {
  status: StoredEstimateStatus;
  approval: { decision: 'APPROVED' | 'DECLINED' | 'CHANGE_REQUEST'; at: number; comment: string | null } | null;
  convertedInvoiceId: string | null;
  copyOf: EstimatePlan | null;
};
export type PaymentPlan = { at: number; amountCents: number; method: PaymentMethod; reference: string | null };
export type InvoicePlan = DocPlan & { status: InvoiceStatus; fromEstimate: EstimatePlan | null; payments: PaymentPlan[] };

/** Statuses that only an open job takes (the server refuses new documents on closed jobs). */
const LIVE = new Set(['DRAFT', 'SENT', 'CHANGE_REQUEST']);
const CHANGE_COMMENTS = [
  'Can we do the tankless unit instead?',
  'Please split labor and materials into two phases.',
  'We would like to schedule after the 15th and drop the permit line.',
];
const DECLINE_COMMENTS = [null, 'Went with another contractor.', 'Over budget for this quarter.'];

type Window = 'recent' | 'any' | 'expired' | 'overdue' | 'fresh';

/**
 * Days before now: "any" leans to recent months (month m has weight 12 − m) and stays within ~11.5 months so
 * every calendar month of the last year gets some; the other windows suit a status (open, expired, overdue).
 */
function daysAgo(r: () => number, w: Window): number {
  if (w === 'fresh') return Math.floor(r() * 12);
  if (w === 'recent') return Math.floor(r() * 40);
  if (w === 'expired') return 40 + Math.floor(r() * 200);
  if (w === 'overdue') return 35 + Math.floor(r() * 160);
  let pick = r() * 78; // 12 + 11 + … + 1
  let month = 0;
  while (pick >= 12 - month) pick -= 12 - month++;
  return Math.max(1, month * 29 + Math.floor(r() * 29));
}

export function planBilling(now: number, jobs: DemoJob[], customers: DemoCustomer[]): { estimates: EstimatePlan[]; invoices: InvoicePlan[] } {
  const r = rng(8_2026);
  const byCustomer = new Map(customers.map((c) => [c.id, c]));
  const openJobs = jobs.filter((j) => j.status === 'OPEN');
  const refsFor = (status: string, loose: boolean): DocRefs & { signer: string } => {
    if (loose) {
      // A customer with an open job, so the link-to-job panel has a candidate for this document.
      const c = byCustomer.get(openJobs[Math.floor(r() * openJobs.length)]!.customer_id)!;
      return {
        customerId: c.id,
        jobId: null,
        addressId: c.addressId,
        buildingUnitId: null,
        billingContactId: c.contactId,
        siteContactId: c.contactId,
        signer: c.contactName,
      };
    }
    const fits = jobs.filter((j) => (j.status === 'OPEN' ? true : j.status === 'CLOSED' ? !LIVE.has(status) : status === 'VOID' || status === 'DECLINED'));
    const j = fits[Math.floor(r() * fits.length)]!;
    const c = byCustomer.get(j.customer_id)!;
    return {
      customerId: c.id,
      jobId: j.id,
      addressId: j.site_address_id,
      buildingUnitId: j.building_unit_id,
      billingContactId: c.contactId,
      siteContactId: j.site_contact_id,
      signer: c.contactName,
    };
  };
  const base = (status: string, w: Window, loose: boolean): DocPlan => {
    const ago = daysAgo(r, w);
    const at = now - ago * DAY - Math.floor(r() * 8) * HOUR - 2 * HOUR;
    const freightCents = r() < 0.2 ? 2_500 + Math.floor(r() * 6) * 500 : 0;
    const lines = demoLines(r, ago > 180, freightCents);
    const message = r() < 0.3 ? 'Thank you for your business!' : null;
    return { id: randomUUID(), at, updatedAt: at, dueDays: 30, term: 'Net 30', lines, freightCents, depositCents: 0, message, ...refsFor(status, loose) };
  };
  /** A moment after `from` (within `days`), never later than an hour ago. */
  const after = (from: number, days: number) => Math.min(now - HOUR, from + HOUR + Math.floor(r() * days * 24) * HOUR);

  const estimates: EstimatePlan[] = [];
  const estimateSpec: [StoredEstimateStatus, number, Window][] = [
    ['DRAFT', 7, 'recent'],
    ['SENT', 12, 'fresh'],
    ['SENT', 6, 'expired'],
    ['APPROVED', 10, 'any'],
    ['DECLINED', 6, 'any'],
    ['CHANGE_REQUEST', 5, 'any'],
    ['PAID', 7, 'any'],
    ['VOID', 6, 'any'],
  ];
  let n = 0;
  for (const [status, count, w] of estimateSpec) {
    for (let k = 0; k < count; k++, n++) {
      // Every sixth is loose, and the first void too: a loose void is never offered for linking.
      const doc = base(status, w, n % 6 === 5 || (status === 'VOID' && k === 0));
      const plan: EstimatePlan = { ...doc, status, approval: null, convertedInvoiceId: null, copyOf: null };
      const total = totalsOf(doc.lines, doc.freightCents).totalCents;
      if (status === 'PAID' || ((status === 'APPROVED' || status === 'SENT') && r() < 0.35)) {
        plan.depositCents = Math.max(100, Math.round((total * 0.25) / 100) * 100);
      }
      if (status === 'APPROVED' || status === 'PAID' || status === 'DECLINED' || status === 'CHANGE_REQUEST') {
        const decision = status === 'PAID' ? 'APPROVED' : status;
        const comment =
          decision === 'CHANGE_REQUEST'
            ? CHANGE_COMMENTS[k % CHANGE_COMMENTS.length]!
            : decision === 'DECLINED'
              ? DECLINE_COMMENTS[k % DECLINE_COMMENTS.length]!
              : null;
        plan.approval = { decision, at: after(doc.at, 6), comment };
        plan.updatedAt = plan.approval.at;
      }
      if (status === 'VOID') plan.updatedAt = after(doc.at, 20);
      estimates.push(plan);
    }
  }
  // A draft copy of a change request (the server's "edit creates a draft copy"), numbered after its original.
  const source = estimates.find((e) => e.status === 'CHANGE_REQUEST' && e.jobId && e.approval!.at < now - 2 * DAY)!;
  const copyAt = after(source.approval!.at, 1);
  estimates.push({
    ...source,
    id: randomUUID(),
    status: 'DRAFT',
    at: copyAt,
    updatedAt: copyAt,
    approval: null,
    copyOf: source,
    lines: source.lines.map((l) => ({ ...l })),
  });

  const invoices: InvoicePlan[] = [];
  const invoiceSpec: [InvoiceStatus, number, Window, number][] = [
    ['DRAFT', 6, 'recent', 0],
    ['SENT', 8, 'fresh', 3],
    ['SENT', 7, 'overdue', 3],
    ['PAID', 18, 'any', 0],
    ['VOID', 5, 'any', 0],
  ];
  n = 0;
  for (const [status, count, w, partly] of invoiceSpec) {
    for (let k = 0; k < count; k++, n++) {
      const doc = base(status, w, n % 9 === 4);
      const term = w === 'overdue' && k % 2 ? 'Net 15' : status === 'PAID' && k % 3 === 0 ? 'Due on receipt' : 'Net 30';
      const plan: InvoicePlan = { ...doc, term, dueDays: term === 'Net 15' ? 15 : term === 'Net 30' ? 30 : 0, status, fromEstimate: null, payments: [] };
      payFor(plan, status === 'PAID' ? 'full' : k < partly ? 'part' : 'none', r, after, n);
      if (status === 'VOID') plan.updatedAt = after(doc.at, 20);
      invoices.push(plan);
    }
  }
  // Conversions: a few approved and deposit-paid estimates became invoices (draft when recent, then sent and paid).
  const convertible = estimates.filter((e) => (e.status === 'APPROVED' || e.status === 'PAID') && e.approval!.at < now - 2 * DAY);
  for (const [k, e] of convertible.slice(0, 7).entries()) {
    const at = after(e.approval!.at, 3);
    const status: InvoiceStatus = now - at < 7 * DAY ? 'DRAFT' : k % 3 === 1 ? 'SENT' : 'PAID';
    const plan: InvoicePlan = {
      ...e,
      id: randomUUID(),
      at,
      updatedAt: at,
      term: e.term,
      dueDays: status === 'DRAFT' ? null : 30,
      status,
      fromEstimate: e,
      payments: [],
      lines: e.lines.map((l) => ({ ...l })),
    };
    payFor(plan, status === 'PAID' ? 'full' : 'none', r, after, n++);
    e.convertedInvoiceId = plan.id;
    e.updatedAt = Math.max(e.updatedAt, at);
    invoices.push(plan);
  }
  return { estimates, invoices };
}

const METHODS: PaymentMethod[] = ['CHECK', 'CARD', 'BANK_TRANSFER', 'CASH'];

function referenceOf(method: PaymentMethod, n: number): string | null {
  if (method === 'CHECK') return `Check #${4100 + n * 7}`;
  if (method === 'CARD') return `Visa ending ${String(1000 + ((n * 389) % 9000)).padStart(4, '0')}`;
  if (method === 'BANK_TRANSFER') return `ACH ${String(700_000 + n * 1_733)}`;
  return n % 2 ? `Receipt R-${300 + n}` : null;
}

/** Payments that sum exactly to the total (one, or a first installment and the rest) or part of it. */
function payFor(plan: InvoicePlan, mode: 'full' | 'part' | 'none', r: () => number, after: (from: number, days: number) => number, n: number): void {
  if (mode === 'none') return;
  const total = totalsOf(plan.lines, plan.freightCents, plan.depositCents).totalCents;
  const method = (i: number) => METHODS[(n + i) % METHODS.length]!;
  const first = after(plan.at, 20);
  if (mode === 'part') {
    const amount = Math.round((total * (0.3 + r() * 0.3)) / 100) * 100;
    plan.payments.push({ at: first, amountCents: amount, method: method(0), reference: referenceOf(method(0), n) });
  } else if (total > 300_000 && r() < 0.6) {
    const deposit = Math.round((total * 0.4) / 100) * 100;
    const second = after(first, 25);
    plan.payments.push({ at: first, amountCents: deposit, method: method(0), reference: referenceOf(method(0), n) });
    plan.payments.push({ at: second, amountCents: total - deposit, method: method(1), reference: referenceOf(method(1), n + 50) });
  } else {
    plan.payments.push({ at: first, amountCents: total, method: method(0), reference: referenceOf(method(0), n) });
  }
  plan.updatedAt = plan.payments.at(-1)!.at;
}
