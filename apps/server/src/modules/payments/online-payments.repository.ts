import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, DialectName } from '@fieldwork/db/connection';
import type { OnlinePaymentsTable } from '@fieldwork/db/schema-payments';
import type { InvoiceMoney } from '@fieldwork/domain/payments/payments.rules';

/**
 * Money that moved through Stripe. Each write here runs inside the webhook's one transaction; the unique keys
 * (an event id, a PaymentIntent id per company) make a second delivery of the same news change nothing.
 */

/** false when this event was already handled (a retry, a replay, or a racing delivery of the same event). */
export async function claimWebhookEvent(trx: Db, tenantId: string, eventId: string, type: string, at: string): Promise<boolean> {
  const result = await trx
    .insertInto('payment_webhook_events')
    .values({ tenant_id: tenantId, event_id: eventId, type, received_at: at })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** false when this payment is already recorded (another event about the same PaymentIntent came first). */
export async function insertOnlinePaymentIf(trx: Db, row: Omit<OnlinePaymentsTable, 'refunded_cents'>): Promise<boolean> {
  const result = await trx
    .insertInto('online_payments')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'provider_payment_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function findOnlinePayment(db: Db, tenantId: string, providerPaymentId: string) {
  return db.selectFrom('online_payments').selectAll().where('tenant_id', '=', tenantId).where('provider_payment_id', '=', providerPaymentId).executeTakeFirst();
}

export function findOnlinePaymentById(db: Db, tenantId: string, id: string) {
  return db.selectFrom('online_payments').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export function listInvoiceOnlinePayments(db: Db, tenantId: string, invoiceId: string) {
  return db.selectFrom('online_payments').selectAll().where('tenant_id', '=', tenantId).where('invoice_id', '=', invoiceId).orderBy('paid_at').execute();
}

export async function setPaymentApplied(
  trx: Db,
  tenantId: string,
  id: string,
  set: { applied_cents: number; invoice_payment_id: string | null },
): Promise<void> {
  await trx.updateTable('online_payments').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** Refunds only grow (Stripe reports the cumulative amount): a stale or repeated report finds no row. */
export async function raiseRefundedIf(trx: Db, tenantId: string, id: string, from: number, to: number): Promise<boolean> {
  const result = await trx
    .updateTable('online_payments')
    .set({ refunded_cents: to })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('refunded_cents', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setPaymentFee(db: Db, tenantId: string, id: string, fee: { feeCents: number; netCents: number }): Promise<void> {
  await db
    .updateTable('online_payments')
    .set({ fee_cents: fee.feeCents, net_cents: fee.netCents })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/**
 * The invoice's money, locked until the transaction ends (PostgreSQL row lock; SQLite's webhook transaction is
 * BEGIN IMMEDIATE, one writer at a time), so a cash payment recorded at the same moment waits or went first —
 * never lost between the read and the write.
 */
export async function lockInvoiceMoney(trx: Db, dialect: DialectName, tenantId: string, id: string) {
  const lock = dialect === 'postgres' ? sql` for update` : sql``;
  const result = await sql<{
    status: string;
    total_cents: number;
    paid_cents: number;
    credit_cents: number;
    invoice_number: number;
    job_id: string | null;
    customer_id: string;
    customer_name: string;
    due_date: string | null;
  }>`select status, total_cents, paid_cents, credit_cents, invoice_number, job_id, customer_id, due_date,
      (select c.name from customers c where c.tenant_id = invoices.tenant_id and c.id = invoices.customer_id) as customer_name
      from invoices where tenant_id = ${tenantId} and id = ${id}${lock}`.execute(trx);
  return result.rows[0];
}

export async function writeInvoiceMoney(trx: Db, tenantId: string, id: string, money: InvoiceMoney, at: string): Promise<void> {
  await trx
    .updateTable('invoices')
    .set((eb) => ({ status: money.status, paid_cents: money.paidCents, credit_cents: money.creditCents, updated_at: at, version: eb('version', '+', 1) }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** The invoice's payment row for a card payment: Collected on the dashboard counts it on the day it was paid. */
export async function insertCardPayment(
  trx: Db,
  tenantId: string,
  invoiceId: string,
  payment: { amountCents: number; paidOn: string; reference: string },
  at: string,
): Promise<string> {
  const id = randomUUID();
  await trx
    .insertInto('invoice_payments')
    .values({
      id,
      tenant_id: tenantId,
      invoice_id: invoiceId,
      amount_cents: payment.amountCents,
      paid_on: payment.paidOn,
      method: 'CARD',
      reference: payment.reference,
      created_by: null,
      created_at: at,
    })
    .execute();
  return id;
}

/** A refund lowers what the payment row holds (Collected follows); a full refund removes the row. */
export async function reduceCardPayment(trx: Db, tenantId: string, id: string, byCents: number): Promise<void> {
  await trx.deleteFrom('invoice_payments').where('tenant_id', '=', tenantId).where('id', '=', id).where('amount_cents', '<=', byCents).execute();
  await trx
    .updateTable('invoice_payments')
    .set((eb) => ({ amount_cents: eb('amount_cents', '-', byCents) }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('amount_cents', '>', byCents)
    .execute();
}

/** The estimate's deposit state, locked as the invoice's money is. */
export async function lockEstimateDeposit(trx: Db, dialect: DialectName, tenantId: string, id: string) {
  const lock = dialect === 'postgres' ? sql` for update` : sql``;
  const result = await sql<{
    status: string;
    deposit_required: number;
    deposit_cents: number;
    credit_cents: number;
    estimate_number: number;
    job_id: string | null;
    converted_invoice_id: string | null;
  }>`select status, deposit_required, deposit_cents, credit_cents, estimate_number, job_id, converted_invoice_id from estimates
      where tenant_id = ${tenantId} and id = ${id}${lock}`.execute(trx);
  return result.rows[0];
}

export async function writeEstimateDeposit(
  trx: Db,
  tenantId: string,
  id: string,
  set: { status: string; credit_cents: number; deposit_paid_on?: string | null; deposit_method?: string | null; deposit_reference?: string | null },
  at: string,
): Promise<void> {
  await trx
    .updateTable('estimates')
    .set((eb) => ({ ...set, updated_at: at, version: eb('version', '+', 1) }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Invoices holding money beyond their totals, now. */
export async function creditTotals(db: Db, tenantId: string): Promise<{ count: number; cents: number }> {
  const row = await db
    .selectFrom('invoices')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>('credit_cents'), eb.lit(0)).as('cents')])
    .where('tenant_id', '=', tenantId)
    .where('credit_cents', '>', 0)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), cents: Number(row.cents) };
}

export async function jobCreditCents(db: Db, tenantId: string, jobId: string): Promise<number> {
  const row = await db
    .selectFrom('invoices')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('credit_cents'), eb.lit(0)).as('cents'))
    .where('tenant_id', '=', tenantId)
    .where('job_id', '=', jobId)
    .where('credit_cents', '>', 0)
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}
