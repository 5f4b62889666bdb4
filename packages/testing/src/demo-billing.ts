import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { ESTIMATE_STATUS_LABELS } from '@fieldwork/domain/billing/estimates.rules';
import { formatCents } from '@fieldwork/domain/common/money.rules';
import type { SeededCompany } from './demo.types.ts';
import { DEMO_CATALOGUE, DEMO_TAX_MILLI, signaturePng, totalsOf } from './demo-billing-parts.ts';
import { DAY, planBilling, type DemoCustomer, type DocPlan } from './demo-billing-plan.ts';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

export type DemoBillingCounts = { catalogueItems: number; estimates: number; invoices: number; payments: number; jobs: number };

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The demo's estimates and invoices over the last 12 months: a catalogue, every stored status of both
 * documents (plus expired estimates and overdue invoices), onsite approvals, conversions and payments. Written as
 * the server writes them — numbers from the tenant's counters in creation order, totals from computeTotals,
 * activity entries; the jobs' money columns follow through their triggers (migration 0019).
 */
export async function seedDemoBilling(db: Db, company: SeededCompany, now: Date, timeZone: string): Promise<DemoBillingCounts> {
  const { tenantId } = company;
  const nowMs = now.getTime();
  const userIds = Object.values(company.userIds).slice(0, 2);
  const day = (ms: number) => dayIn(new Date(ms), timeZone);
  const jobs = await db
    .selectFrom('jobs')
    .select(['id', 'customer_id', 'status', 'site_address_id', 'building_unit_id', 'site_contact_id'])
    .where('tenant_id', '=', tenantId)
    .orderBy('job_number')
    .execute();
  const customerRows = await db
    .selectFrom('customers')
    .innerJoin('customer_addresses as a', (j) => j.onRef('a.customer_id', '=', 'customers.id').on('a.position', '=', 0))
    .leftJoin('customer_contacts as c', (j) => j.onRef('c.customer_id', '=', 'customers.id').on('c.position', '=', 0))
    .select(['customers.id', 'a.id as address_id', 'c.id as contact_id', 'c.name as contact_name', 'customers.name'])
    .where('customers.tenant_id', '=', tenantId)
    .execute();
  if (!jobs.some((j) => j.status === 'OPEN')) return { catalogueItems: 0, estimates: 0, invoices: 0, payments: 0, jobs: 0 };
  const customers: DemoCustomer[] = customerRows.map((c) => ({
    id: c.id,
    addressId: c.address_id,
    contactId: c.contact_id,
    contactName: c.contact_name ?? c.name,
  }));
  const { estimates, invoices } = planBilling(nowMs, jobs, customers);
  // Numbers follow creation order, as the counters hand them out.
  estimates.sort((a, b) => a.at - b.at);
  invoices.sort((a, b) => a.at - b.at);
  const estimateNumber = new Map(estimates.map((e, i) => [e.id, 1001 + i]));
  const invoiceNumber = new Map(invoices.map((inv, i) => [inv.id, 1001 + i]));
  const signature = signaturePng();
  const catalogueIds = DEMO_CATALOGUE.map(() => randomUUID());
  const creator = (i: number) => userIds[i % userIds.length] ?? null;

  const documentColumns = (d: DocPlan, i: number) => {
    const t = totalsOf(d.lines, d.freightCents, d.depositCents);
    return {
      columns: {
        id: d.id,
        tenant_id: tenantId,
        customer_id: d.customerId,
        job_id: d.jobId,
        building_unit_id: d.buildingUnitId,
        address_id: d.addressId,
        billing_contact_id: d.billingContactId,
        site_contact_id: d.siteContactId,
        payment_term: d.term,
        due_date: d.dueDays === null ? null : day(d.at + d.dueDays * DAY),
        customer_message: d.message,
        sub_total_cents: t.subTotalCents,
        taxable_sub_total_cents: t.taxableSubTotalCents,
        tax_cents: t.taxCents,
        freight_cents: t.freightCents,
        deposit_required: d.depositCents > 0 ? (1 as const) : (0 as const),
        deposit_cents: t.depositCents,
        total_cents: t.totalCents,
        created_by: creator(i),
        created_at: iso(d.at),
        updated_at: iso(d.updatedAt),
        version: d.updatedAt === d.at ? 1 : 2,
      },
      lines: d.lines.map((l, position) => ({
        id: randomUUID(),
        tenant_id: tenantId,
        position,
        name: l.name,
        description: l.description,
        qty_milli: l.qtyMilli,
        rate_cents: l.rateCents,
        service_id: l.serviceIndex === null ? null : catalogueIds[l.serviceIndex]!,
        is_taxable: l.taxable ? (1 as const) : (0 as const),
        tax_percent_milli: l.taxable ? DEMO_TAX_MILLI : 0,
        tax_cents: t.lines[position]!.taxCents,
        total_cents: t.lines[position]!.totalCents,
      })),
    };
  };
  const log = (d: DocPlan, entityType: 'ESTIMATE' | 'INVOICE', action: string, message: string, at: number, actorId: string | null) => ({
    id: randomUUID(),
    tenant_id: tenantId,
    job_id: d.jobId,
    entity_type: entityType,
    entity_id: d.id,
    action,
    message,
    actor_id: actorId,
    meta: '[]',
    created_at: iso(at),
  });

  let payments = 0;
  await db.transaction().execute(async (trx) => {
    const catalogueAt = iso(nowMs - 370 * DAY);
    await trx
      .insertInto('catalogue_items')
      .values(
        DEMO_CATALOGUE.map((item, i) => ({
          id: catalogueIds[i]!,
          tenant_id: tenantId,
          name: item.name,
          description: item.description,
          rate_cents: item.rateCents,
          is_taxable: item.taxable ? 1 : 0,
          tax_percent_milli: item.taxable ? DEMO_TAX_MILLI : 0,
          is_active: item.active ? 1 : 0,
          created_at: catalogueAt,
          updated_at: item.active ? catalogueAt : iso(nowMs - 60 * DAY),
          version: item.active ? 1 : 2,
        })),
      )
      .execute();
    const activity = [];
    for (const [i, e] of estimates.entries()) {
      const number = estimateNumber.get(e.id)!;
      const { columns, lines } = documentColumns(e, i);
      const a = e.approval;
      await trx
        .insertInto('estimates')
        .values({
          ...columns,
          estimate_number: number,
          status: e.status,
          estimate_date: day(e.at),
          previous_estimate_number: e.copyOf ? estimateNumber.get(e.copyOf.id)! : null,
          converted_invoice_id: null,
          approval_decision: a?.decision ?? null,
          approval_name: a ? e.signer : null,
          approval_at: a ? iso(a.at) : null,
          approval_ip: a ? `203.0.113.${10 + (i % 200)}` : null,
          approval_comment: a?.comment ?? null,
          approval_signature: a ? signature : null,
          // Deposit Paid: the deposit came in the day it was approved (by check).
          ...(e.status === 'PAID' && a ? { deposit_paid_on: day(a.at), deposit_method: 'CHECK', deposit_reference: `Chk ${4100 + i}` } : {}),
        })
        .execute();
      await trx
        .insertInto('estimate_lines')
        .values(lines.map((l) => ({ ...l, estimate_id: e.id })))
        .execute();
      const actor = columns.created_by;
      activity.push(
        log(
          e,
          'ESTIMATE',
          'ESTIMATE_CREATED',
          e.copyOf ? `Created draft estimate #${number} from #${estimateNumber.get(e.copyOf.id)}` : `Created estimate #${number}`,
          e.at,
          actor,
        ),
      );
      if (a)
        activity.push(
          log(e, 'ESTIMATE', 'ESTIMATE_STATUS_CHANGED', `Estimate #${number} ${ESTIMATE_STATUS_LABELS[a.decision]} onsite by ${e.signer}`, a.at, actor),
        );
    }
    for (const [i, inv] of invoices.entries()) {
      const number = invoiceNumber.get(inv.id)!;
      const { columns, lines } = documentColumns(inv, i + 1);
      const paid = inv.payments.reduce((s, p) => s + p.amountCents, 0);
      await trx
        .insertInto('invoices')
        .values({
          ...columns,
          invoice_number: number,
          status: inv.status,
          invoice_date: inv.status === 'DRAFT' && inv.fromEstimate ? null : day(inv.at),
          paid_cents: paid,
          previous_invoice_number: null,
          converted_from_estimate_id: inv.fromEstimate?.id ?? null,
        })
        .execute();
      await trx
        .insertInto('invoice_lines')
        .values(lines.map((l) => ({ ...l, invoice_id: inv.id })))
        .execute();
      const actor = columns.created_by;
      if (inv.fromEstimate) {
        await trx
          .updateTable('estimates')
          .set({ converted_invoice_id: inv.id })
          .where('tenant_id', '=', tenantId)
          .where('id', '=', inv.fromEstimate.id)
          .execute();
        activity.push(
          log(
            inv.fromEstimate,
            'ESTIMATE',
            'ESTIMATE_CONVERTED',
            `Converted estimate #${estimateNumber.get(inv.fromEstimate.id)} to invoice #${number}`,
            inv.at,
            actor,
          ),
        );
      } else {
        activity.push(log(inv, 'INVOICE', 'INVOICE_CREATED', `Created invoice #${number}`, inv.at, actor));
      }
      for (const p of inv.payments) {
        await trx
          .insertInto('invoice_payments')
          .values({
            id: randomUUID(),
            tenant_id: tenantId,
            invoice_id: inv.id,
            amount_cents: p.amountCents,
            paid_on: day(p.at),
            method: p.method,
            reference: p.reference,
            created_by: actor,
            created_at: iso(p.at),
          })
          .execute();
        activity.push(log(inv, 'INVOICE', 'PAYMENT_RECORDED', `Payment of ${formatCents(p.amountCents)} on invoice #${number}`, p.at, actor));
        payments++;
      }
    }
    for (let start = 0; start < activity.length; start += 100)
      await trx
        .insertInto('activity_log')
        .values(activity.slice(start, start + 100))
        .execute();
    await trx
      .insertInto('tenant_counters')
      .values([
        { tenant_id: tenantId, name: 'estimate', value: 1000 + estimates.length },
        { tenant_id: tenantId, name: 'invoice', value: 1000 + invoices.length },
      ])
      .execute();
  });
  const jobCount = new Set([...estimates, ...invoices].map((d) => d.jobId).filter(Boolean)).size;
  return { catalogueItems: DEMO_CATALOGUE.length, estimates: estimates.length, invoices: invoices.length, payments, jobs: jobCount };
}
