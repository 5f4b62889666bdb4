// Adds the dashboard's records to the company bench/seed.ts made ("Bench Co"): invoices with their lines
// (BENCH_INVOICE_LINES, default 600,000, 4 a invoice), payments, estimates, actual and estimated costs, a second
// zone on every third job, and the JOB_STATUS_CHANGED activity row of every closed job. Dates follow each
// job's creation date (which bench/seed.ts spreads over BENCH_JOB_DAYS), so "this year" holds about a third.
// Bulk multi-row INSERTs (packages/db/src/bulk-insert.ts) with the tables' secondary indexes and triggers off
// meanwhile, then the maintained dashboard totals rebuilt (packages/db/src/dashboard-totals.ts).
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'kysely';
import { insertRows, withoutIndexesAndTriggers } from '@fieldwork/db/bulk-insert';
import { createDb } from '@fieldwork/db/connection';
import { rebuildDashboardTotals } from '@fieldwork/db/dashboard-totals';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

const LINES = Number(process.env.BENCH_INVOICE_LINES ?? 600_000);
const LINES_PER_INVOICE = 4;
const BATCH = 20_000;
const handle = createDb({
  databaseUrl: process.env.BENCH_SEED_DATABASE_URL || process.env.DATABASE_URL,
  sqliteFile: join(process.env.DATA_DIR ?? './data', 'fieldwork.sqlite'),
});
const db = handle.db;
const t0 = Date.now();
if (handle.dialect === 'sqlite')
  for (const pragma of ['journal_mode = MEMORY', 'synchronous = OFF', 'cache_size = -1048576', 'temp_store = MEMORY'])
    await sql.raw(`pragma ${pragma}`).execute(db);

const tenant = await db.selectFrom('tenants').select(['id', 'time_zone']).where('name', '=', 'Bench Co').executeTakeFirstOrThrow();
const tenantId = tenant.id;
const zone = tenant.time_zone;
const jobs = await db
  .selectFrom('jobs')
  .select(['id', 'customer_id', 'created_at', 'status'])
  .where('tenant_id', '=', tenantId)
  .orderBy('job_number')
  .execute();
const zoneIds = (await db.selectFrom('zones').select('id').where('tenant_id', '=', tenantId).execute()).map((z) => z.id);
const DAY = 86_400_000;
const addDays = (instant: string, days: number) => new Date(Date.parse(instant) + days * DAY).toISOString();
const now = Date.now();

const docColumns = [
  'tenant_id',
  'customer_id',
  'job_id',
  'building_unit_id',
  'address_id',
  'billing_contact_id',
  'site_contact_id',
  'payment_term',
  'due_date',
  'customer_message',
  'sub_total_cents',
  'taxable_sub_total_cents',
  'tax_cents',
  'freight_cents',
  'deposit_required',
  'deposit_cents',
  'total_cents',
  'created_by',
  'created_at',
  'updated_at',
  'version',
] as const;
const invoiceColumns = [
  'id',
  'invoice_number',
  'status',
  'invoice_date',
  'paid_cents',
  'previous_invoice_number',
  'converted_from_estimate_id',
  ...docColumns,
] as const;
const estimateColumns = ['id', 'estimate_number', 'status', 'estimate_date', 'previous_estimate_number', 'converted_invoice_id', ...docColumns] as const;
const lineColumns = [
  'id',
  'tenant_id',
  'invoice_id',
  'position',
  'name',
  'description',
  'qty_milli',
  'rate_cents',
  'service_id',
  'is_taxable',
  'tax_percent_milli',
  'tax_cents',
  'total_cents',
] as const;
const paymentColumns = ['id', 'tenant_id', 'invoice_id', 'amount_cents', 'paid_on', 'method', 'reference', 'created_by', 'created_at'] as const;
const costColumns = [
  'id',
  'tenant_id',
  'cost_type',
  'cost_for',
  'job_id',
  'task_id',
  'estimate_id',
  'invoice_id',
  'activity_id',
  'user_id',
  'vehicle_id',
  'subcontractor_id',
  'bid_id',
  'item',
  'supplier',
  'description',
  'unit',
  'quantity_milli',
  'rate_cents',
  'miles_milli',
  'mile_rate_cents',
  'amount_cents',
  'cost_date',
  'notes',
  'created_by',
  'created_at',
  'updated_at',
  'version',
] as const;
const activityColumns = ['id', 'tenant_id', 'job_id', 'entity_type', 'entity_id', 'action', 'message', 'actor_id', 'meta', 'created_at'] as const;

const counts = { invoices: 0, lines: 0, payments: 0, estimates: 0, costs: 0, closes: 0, zones: 0 };
const tables = ['invoices', 'invoice_lines', 'invoice_payments', 'estimates', 'costs', 'activity_log', 'job_zones'] as const;
await withoutIndexesAndTriggers(db, tables, async () => {
  await db.transaction().execute(async (trx) => {
    const invoices: Record<string, unknown>[] = [],
      lines: Record<string, unknown>[] = [],
      payments: Record<string, unknown>[] = [];
    const estimates: Record<string, unknown>[] = [],
      costs: Record<string, unknown>[] = [],
      activity: Record<string, unknown>[] = [],
      links: Record<string, unknown>[] = [];
    const invoiceTotal = Math.ceil(LINES / LINES_PER_INVOICE);
    // Parents first: PostgreSQL checks the foreign keys of lines and payments statement by statement.
    const flushBilling = async () => {
      await insertRows(trx, 'invoices', invoiceColumns, invoices.splice(0));
      await insertRows(trx, 'invoice_lines', lineColumns, lines.splice(0));
      await insertRows(trx, 'invoice_payments', paymentColumns, payments.splice(0));
      await insertRows(trx, 'costs', costColumns, costs.splice(0));
    };
    const doc = (jobId: string, customerId: string, createdAt: string, dueDate: string | null, subtotal: number, tax: number) => ({
      tenant_id: tenantId,
      customer_id: customerId,
      job_id: jobId,
      building_unit_id: null,
      address_id: null,
      billing_contact_id: null,
      site_contact_id: null,
      payment_term: null,
      due_date: dueDate,
      customer_message: null,
      sub_total_cents: subtotal,
      taxable_sub_total_cents: subtotal,
      tax_cents: tax,
      freight_cents: 0,
      deposit_required: 0,
      deposit_cents: 0,
      total_cents: subtotal + tax,
      created_by: null,
      created_at: createdAt,
      updated_at: createdAt,
      version: 1,
    });
    for (let i = 0; i < invoiceTotal; i++) {
      const job = jobs[i % jobs.length]!;
      const later = addDays(job.created_at, (i % 20) + Math.floor(i / jobs.length) * 15);
      const createdAt = Date.parse(later) > now ? job.created_at : later;
      const day = dayIn(createdAt, zone);
      const status = i % 20 < 13 ? 'PAID' : i % 20 < 18 ? 'SENT' : i % 20 < 19 ? 'DRAFT' : 'VOID';
      const id = randomUUID();
      let subtotal = 0,
        tax = 0;
      for (let p = 0; p < LINES_PER_INVOICE; p++) {
        const rate = 2_500 + ((i * 37 + p * 101) % 40_000);
        const lineTax = Math.round(rate * 0.08);
        subtotal += rate;
        tax += lineTax;
        lines.push({
          id: randomUUID(),
          tenant_id: tenantId,
          invoice_id: id,
          position: p,
          name: `Service ${p + 1}`,
          description: null,
          qty_milli: 1000,
          rate_cents: rate,
          service_id: null,
          is_taxable: 1,
          tax_percent_milli: 8000,
          tax_cents: lineTax,
          total_cents: rate + lineTax,
        });
      }
      const total = subtotal + tax;
      const paid = status === 'PAID' ? total : status === 'SENT' && i % 3 === 0 ? Math.floor(total / 2) : 0;
      // One in fifty has no invoice date: the dashboard dates those by their creation instant.
      invoices.push({
        id,
        invoice_number: i + 1,
        status,
        invoice_date: i % 50 === 7 ? null : day,
        paid_cents: paid,
        previous_invoice_number: null,
        converted_from_estimate_id: null,
        ...doc(job.id, job.customer_id, createdAt, dayIn(addDays(createdAt, 30), zone), subtotal, tax),
      });
      if (paid) counts.payments++;
      if (paid)
        payments.push({
          id: randomUUID(),
          tenant_id: tenantId,
          invoice_id: id,
          amount_cents: paid,
          paid_on: dayIn(addDays(createdAt, i % 25), zone),
          method: 'CHECK',
          reference: null,
          created_by: null,
          created_at: createdAt,
        });
      // Actual costs: two per invoiced job, around 55 % of the subtotal; an estimated cost now and then.
      for (let c = 0; c < 2; c++) {
        costs.push({
          id: randomUUID(),
          tenant_id: tenantId,
          cost_type: 'MATERIAL',
          cost_for: 'JOB',
          job_id: job.id,
          task_id: null,
          estimate_id: null,
          invoice_id: null,
          activity_id: null,
          user_id: null,
          vehicle_id: null,
          subcontractor_id: null,
          bid_id: null,
          item: 'Parts',
          supplier: null,
          description: null,
          unit: null,
          quantity_milli: 1000,
          rate_cents: Math.floor(subtotal * 0.27),
          miles_milli: null,
          mile_rate_cents: null,
          amount_cents: Math.floor(subtotal * 0.27),
          cost_date: dayIn(addDays(createdAt, -c * 3), zone),
          notes: null,
          created_by: null,
          created_at: createdAt,
          updated_at: createdAt,
          version: 1,
        });
      }
      counts.invoices++;
      counts.costs += 2;
      if (invoices.length >= BATCH / LINES_PER_INVOICE) await flushBilling();
    }
    // Estimates: one for every other job, a mix of statuses; some approved ones converted.
    for (let i = 0; i < jobs.length; i += 2) {
      const job = jobs[i]!;
      const status = ['SENT', 'SENT', 'APPROVED', 'PAID', 'DECLINED', 'DRAFT', 'VOID', 'APPROVED'][i % 8]!;
      const subtotal = 10_000 + ((i * 53) % 200_000);
      estimates.push({
        id: randomUUID(),
        estimate_number: i + 1,
        status,
        estimate_date: dayIn(job.created_at, zone),
        previous_estimate_number: null,
        converted_invoice_id: null,
        ...doc(job.id, job.customer_id, job.created_at, dayIn(addDays(job.created_at, 30 + (i % 400)), zone), subtotal, 0),
      });
      counts.estimates++;
      if (estimates.length >= BATCH) await insertRows(trx, 'estimates', estimateColumns, estimates.splice(0));
    }
    for (const [i, job] of jobs.entries()) {
      if (job.status === 'CLOSED') {
        const at = addDays(job.created_at, 1 + (i % 40));
        if (Date.parse(at) <= now) {
          activity.push({
            id: randomUUID(),
            tenant_id: tenantId,
            job_id: job.id,
            entity_type: 'JOB',
            entity_id: job.id,
            action: 'JOB_STATUS_CHANGED',
            message: 'Closed job',
            actor_id: null,
            meta: JSON.stringify([{ field: 'Status', oldValue: 'OPEN', newValue: 'CLOSED' }]),
            created_at: at,
          });
          counts.closes++;
        }
      }
      // A second zone on every third job (seed.ts gave job i zone i·5 mod n; this is i·5+1): it counts in both.
      if (i % 3 === 0 && zoneIds.length > 1) {
        links.push({ tenant_id: tenantId, job_id: job.id, zone_id: zoneIds[(i * 5 + 1) % zoneIds.length], status: job.status });
        counts.zones++;
      }
      if (activity.length >= BATCH) await insertRows(trx, 'activity_log', activityColumns, activity.splice(0));
      if (links.length >= BATCH) await insertRows(trx, 'job_zones', ['tenant_id', 'job_id', 'zone_id', 'status'], links.splice(0));
    }
    await flushBilling();
    await insertRows(trx, 'estimates', estimateColumns, estimates);
    await insertRows(trx, 'activity_log', activityColumns, activity);
    await insertRows(trx, 'job_zones', ['tenant_id', 'job_id', 'zone_id', 'status'], links);
    counts.lines = counts.invoices * LINES_PER_INVOICE;
  });
});
// The loads here and seed.ts's task load ran with the triggers off: rebuild the maintained dashboard totals.
const t1 = Date.now();
await db.transaction().execute((trx) => rebuildDashboardTotals(trx, tenantId));
console.log(`dashboard totals rebuilt in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
if (handle.dialect === 'sqlite') {
  await sql.raw('analyze').execute(db);
  await sql.raw('pragma journal_mode = WAL').execute(db);
}
await handle.close();
console.log(`dashboard records: ${JSON.stringify(counts)} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
