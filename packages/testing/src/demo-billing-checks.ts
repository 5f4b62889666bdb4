import { expect } from 'vitest';
import type { Db } from '@fieldwork/db/connection';
import { effectiveEstimateStatus, STORED_ESTIMATE_STATUSES, type StoredEstimateStatus } from '@fieldwork/domain/billing/estimates.rules';
import { signatureField } from '@fieldwork/domain/billing/estimates.schemas';
import { INVOICE_STATUSES, PAYMENT_METHODS } from '@fieldwork/domain/billing/invoices.rules';
import { computeTotals } from '@fieldwork/domain/common/money.rules';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

const DAY = 86_400_000;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const n = (v: unknown) => Number(v);

/**
 * What the demo's estimates and invoices must satisfy, checked from the rows alone: statuses, a year of
 * history, totals, payments, conversions, approvals, numbers and every job's money columns recomputed here.
 */
export async function expectConsistentBilling(db: Db, tenantId: string, now: Date, timeZone: string): Promise<void> {
  const estimates = (await db.selectFrom('estimates').selectAll().where('tenant_id', '=', tenantId).execute()).map((e) => ({
    ...e,
    kind: 'estimate' as const,
  }));
  const invoices = (await db.selectFrom('invoices').selectAll().where('tenant_id', '=', tenantId).execute()).map((i) => ({ ...i, kind: 'invoice' as const }));
  const lines = [
    ...(await db.selectFrom('estimate_lines').selectAll().where('tenant_id', '=', tenantId).execute()).map((l) => ({ ...l, doc: l.estimate_id })),
    ...(await db.selectFrom('invoice_lines').selectAll().where('tenant_id', '=', tenantId).execute()).map((l) => ({ ...l, doc: l.invoice_id })),
  ];
  const payments = await db.selectFrom('invoice_payments').selectAll().where('tenant_id', '=', tenantId).execute();
  const catalogue = await db.selectFrom('catalogue_items').selectAll().where('tenant_id', '=', tenantId).execute();
  const jobs = await db.selectFrom('jobs').selectAll().where('tenant_id', '=', tenantId).execute();
  const today = dayIn(now, timeZone);
  expect(estimates.length).toBeGreaterThanOrEqual(55);
  expect(invoices.length).toBeGreaterThanOrEqual(45);

  // Every status, including the derived ones: expired estimates, overdue and partly paid invoices.
  expect([...new Set(estimates.map((e) => e.status))].sort()).toEqual([...STORED_ESTIMATE_STATUSES].sort());
  const effective = estimates.map((e) => effectiveEstimateStatus(e.status as StoredEstimateStatus, e.due_date, now, timeZone));
  expect(effective.filter((s) => s === 'EXPIRED').length).toBeGreaterThanOrEqual(3);
  expect(effective.filter((s) => s === 'SENT').length).toBeGreaterThanOrEqual(3);
  expect([...new Set(invoices.map((i) => i.status))].sort()).toEqual([...INVOICE_STATUSES].sort());
  const sent = invoices.filter((i) => i.status === 'SENT');
  expect(sent.filter((i) => i.due_date && i.due_date < today).length, 'overdue').toBeGreaterThanOrEqual(3);
  expect(sent.filter((i) => !i.due_date || i.due_date >= today).length, 'not yet due').toBeGreaterThanOrEqual(3);
  expect(sent.filter((i) => n(i.paid_cents) > 0).length, 'partly paid').toBeGreaterThanOrEqual(2);

  // A year of history, denser lately, never in the future.
  const docs = [...estimates, ...invoices];
  const months = new Set<string>();
  for (const d of docs) {
    const at = Date.parse(d.created_at);
    expect(at).toBeLessThanOrEqual(now.getTime());
    expect(at).toBeGreaterThan(now.getTime() - 365 * DAY);
    expect(Date.parse(d.updated_at)).toBeGreaterThanOrEqual(at);
    months.add(dayIn(new Date(at), timeZone).slice(0, 7));
  }
  expect(months.size).toBeGreaterThanOrEqual(10);
  const lastQuarter = docs.filter((d) => Date.parse(d.created_at) > now.getTime() - 91 * DAY).length;
  expect(lastQuarter, 'recent months denser').toBeGreaterThan(docs.length / 4);

  // Stored figures are computeTotals over the stored lines, $150–$25,000 each, 1–6 lines from the catalogue or typed.
  const taxable = catalogue.filter((c) => c.is_taxable);
  expect(catalogue.length).toBeGreaterThanOrEqual(15);
  expect(catalogue.filter((c) => !c.is_active)).toHaveLength(1);
  expect(taxable.length).toBeGreaterThan(0);
  expect(taxable.every((c) => c.tax_percent_milli === 8875)).toBe(true);
  expect(catalogue.some((c) => !c.is_taxable && c.tax_percent_milli === 0)).toBe(true);
  const catalogueIds = new Set(catalogue.map((c) => c.id));
  const linesOf = new Map<string, typeof lines>();
  for (const l of lines) linesOf.set(l.doc, [...(linesOf.get(l.doc) ?? []), l]);
  for (const d of docs) {
    const own = (linesOf.get(d.id) ?? []).sort((a, b) => a.position - b.position);
    const label = `${d.kind} ${d.kind === 'estimate' ? d.estimate_number : d.invoice_number}`;
    expect(own.length, label).toBeGreaterThanOrEqual(1);
    expect(own.length, label).toBeLessThanOrEqual(6);
    const result = computeTotals(
      own.map((l) => ({ qtyMilli: n(l.qty_milli), rateCents: n(l.rate_cents), isTaxable: l.is_taxable === 1, taxPercentMilli: l.tax_percent_milli })),
      n(d.freight_cents),
      { required: d.deposit_required === 1, amountCents: n(d.deposit_cents) },
    );
    expect(result.ok, label).toBe(true);
    if (!result.ok) continue;
    const t = result.totals;
    expect([n(d.sub_total_cents), n(d.taxable_sub_total_cents), n(d.tax_cents), n(d.deposit_cents), n(d.total_cents)], label).toEqual([
      t.subTotalCents,
      t.taxableSubTotalCents,
      t.taxCents,
      t.depositCents,
      t.totalCents,
    ]);
    expect(
      own.map((l) => [n(l.total_cents), n(l.tax_cents)]),
      label,
    ).toEqual(t.lines.map((l) => [l.totalCents, l.taxCents]));
    expect(t.totalCents, label).toBeGreaterThanOrEqual(15_000);
    expect(t.totalCents, label).toBeLessThanOrEqual(2_500_000);
    for (const l of own) if (l.service_id) expect(catalogueIds.has(l.service_id), label).toBe(true);
  }
  expect(lines.some((l) => !l.service_id)).toBe(true);
  expect(estimates.some((e) => e.deposit_required === 1 && e.status !== 'PAID')).toBe(true);
  for (const e of estimates.filter((x) => x.status === 'PAID')) expect(e.deposit_required, `deposit-paid estimate ${e.estimate_number}`).toBe(1);

  // Payments: paid = their sum ≤ total; PAID exactly when fully paid; no payments on void or draft invoices.
  const paymentsOf = new Map<string, typeof payments>();
  for (const p of payments) paymentsOf.set(p.invoice_id, [...(paymentsOf.get(p.invoice_id) ?? []), p]);
  for (const i of invoices) {
    const own = paymentsOf.get(i.id) ?? [];
    const paid = sum(own.map((p) => n(p.amount_cents)));
    const label = `invoice ${i.invoice_number}`;
    expect(n(i.paid_cents), label).toBe(paid);
    expect(paid, label).toBeLessThanOrEqual(n(i.total_cents));
    expect(i.status === 'PAID', label).toBe(paid === n(i.total_cents) && paid > 0);
    if (i.status === 'VOID' || i.status === 'DRAFT') expect(own, label).toHaveLength(0);
    if (i.status === 'PAID') expect(own.length, label).toBeLessThanOrEqual(2);
    for (const p of own) {
      expect(PAYMENT_METHODS).toContain(p.method);
      expect(p.paid_on >= dayIn(new Date(i.created_at), timeZone) && p.paid_on <= today, label).toBe(true);
      if (p.method !== 'CASH') expect(p.reference, label).toBeTruthy();
    }
  }
  expect(new Set(payments.map((p) => p.method)).size).toBeGreaterThanOrEqual(4);
  expect(invoices.some((i) => (paymentsOf.get(i.id)?.length ?? 0) === 2)).toBe(true);

  // Approvals and conversions, as the server records them.
  for (const e of estimates) {
    const decided = ['APPROVED', 'DECLINED', 'CHANGE_REQUEST', 'PAID'].includes(e.status);
    const label = `estimate ${e.estimate_number}`;
    if (!decided) {
      expect(e.approval_decision, label).toBeNull();
      continue;
    }
    expect(e.approval_decision, label).toBe(e.status === 'PAID' ? 'APPROVED' : e.status);
    expect(e.approval_name && e.approval_ip, label).toBeTruthy();
    expect(signatureField.safeParse(e.approval_signature).success, label).toBe(true);
    expect(Date.parse(e.approval_at!)).toBeGreaterThanOrEqual(Date.parse(e.created_at));
    expect(Date.parse(e.approval_at!)).toBeLessThanOrEqual(now.getTime());
    if (e.status === 'CHANGE_REQUEST') expect(e.approval_comment, label).toBeTruthy();
  }
  const byId = new Map(invoices.map((i) => [i.id, i]));
  const converted = estimates.filter((e) => e.converted_invoice_id);
  expect(converted.length).toBeGreaterThanOrEqual(3);
  for (const e of converted) {
    expect(['APPROVED', 'PAID']).toContain(e.status);
    const inv = byId.get(e.converted_invoice_id!)!;
    expect([inv.converted_from_estimate_id, inv.customer_id, inv.job_id, n(inv.total_cents)]).toEqual([e.id, e.customer_id, e.job_id, n(e.total_cents)]);
    expect(Date.parse(inv.created_at)).toBeGreaterThanOrEqual(Date.parse(e.approval_at!));
  }
  expect(invoices.filter((i) => i.converted_from_estimate_id)).toHaveLength(converted.length);
  const copies = estimates.filter((e) => e.previous_estimate_number !== null);
  for (const c of copies) expect(estimates.find((e) => e.estimate_number === c.previous_estimate_number)!.estimate_number).toBeLessThan(c.estimate_number);

  // Linked documents belong to their job's customer; loose ones exist (a void among the estimates).
  const jobById = new Map(jobs.map((j) => [j.id, j]));
  for (const d of docs) if (d.job_id) expect(jobById.get(d.job_id)!.customer_id).toBe(d.customer_id);
  expect(docs.filter((d) => d.job_id).length / docs.length, 'most linked').toBeGreaterThan(0.7);
  expect(estimates.some((e) => !e.job_id && e.status === 'VOID')).toBe(true);
  expect(estimates.filter((e) => !e.job_id && e.status !== 'VOID').length).toBeGreaterThanOrEqual(3);
  expect(invoices.filter((i) => !i.job_id && i.status !== 'VOID').length).toBeGreaterThanOrEqual(2);
  for (const d of docs) if (['DRAFT', 'SENT', 'CHANGE_REQUEST'].includes(d.status) && d.job_id) expect(jobById.get(d.job_id)!.status).toBe('OPEN');

  // Numbers unique, and the counters hand out a free one next.
  const counters = new Map(
    (await db.selectFrom('tenant_counters').select(['name', 'value']).where('tenant_id', '=', tenantId).execute()).map((c) => [c.name, n(c.value)]),
  );
  for (const [name, numbers] of [
    ['estimate', estimates.map((e) => e.estimate_number)],
    ['invoice', invoices.map((i) => i.invoice_number)],
  ] as const) {
    expect(new Set(numbers).size, name).toBe(numbers.length);
    expect(counters.get(name), name).toBeGreaterThanOrEqual(Math.max(...numbers));
  }

  // Every job's money columns, recomputed from its documents.
  expect(jobs.filter((j) => n(j.paid_cents) > 0).length).toBeGreaterThan(5);
  for (const j of jobs) {
    const est = estimates.filter((e) => e.job_id === j.id);
    const inv = invoices.filter((i) => i.job_id === j.id);
    const open = est.filter((e) => e.status === 'SENT');
    const due = inv.filter((i) => i.status === 'SENT');
    const unpaid = sum(due.map((i) => n(i.total_cents) - n(i.paid_cents)));
    expect(
      [
        j.open_estimates_count,
        j.open_estimates_cents,
        j.due_invoices_count,
        j.due_invoices_cents,
        j.open_balance_cents,
        j.paid_cents,
        j.estimate_count,
        j.invoice_count,
      ].map(n),
      `job ${j.job_number}`,
    ).toEqual([
      open.length,
      sum(open.map((e) => n(e.total_cents))),
      due.length,
      unpaid,
      unpaid,
      sum(inv.filter((i) => i.status !== 'VOID').map((i) => n(i.paid_cents))),
      est.length,
      inv.length,
    ]);
  }
}
