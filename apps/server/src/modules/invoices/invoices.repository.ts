import type { Db } from '@fieldwork/db/connection';

/**
 * Invoice writes that only invoices have: status moves, payments, delete. Each is one conditional statement on
 * the state the domain's tables allow, so of two racing changes one lands and the other finds no row (409).
 */
export type InvoiceGuard = { from: readonly string[]; unpaid?: boolean };

/**
 * A status move. A draft already paid in full (a converted deposit covering it) opens and is paid in the same
 * write: `paidInFull` is stored instead of `status` then, as a payment reaching the total would store it.
 */
export async function setInvoiceStatusIf(
  trx: Db,
  tenantId: string,
  id: string,
  guard: InvoiceGuard,
  set: { status: string; paidInFull?: string },
  at: string,
): Promise<boolean> {
  let query = trx
    .updateTable('invoices')
    .set((eb) => ({
      status: set.paidInFull
        ? eb
            .case()
            .when(eb.and([eb('paid_cents', '>', 0), eb('paid_cents', '>=', eb.ref('total_cents'))]))
            .then(set.paidInFull)
            .else(set.status)
            .end()
        : set.status,
      updated_at: at,
      version: eb('version', '+', 1),
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', 'in', guard.from);
  if (guard.unpaid) query = query.where('paid_cents', '=', 0);
  return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
}

/**
 * Adds a payment's amount only while the invoice is in one of the statuses and paid + amount ≤ total (PostgreSQL
 * re-checks the condition on the latest row after waiting for its lock; SQLite transactions are serial), storing
 * `paidInFull` when it reaches the total. A CHECK on the table backs it.
 */
export async function addPaymentIf(
  trx: Db,
  tenantId: string,
  id: string,
  amountCents: number,
  from: readonly string[],
  paidInFull: string,
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('invoices')
    .set((eb) => ({
      paid_cents: eb('paid_cents', '+', amountCents),
      status: eb
        .case()
        .when(eb(eb('paid_cents', '+', amountCents), '=', eb.ref('total_cents')))
        .then(paidInFull)
        .else(eb.ref('status'))
        .end(),
      updated_at: at,
      version: eb('version', '+', 1),
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', 'in', from)
    .where((eb) => eb(eb('paid_cents', '+', amountCents), '<=', eb.ref('total_cents')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Where the invoice stands now (a refused payment says why). */
export function findBalance(db: Db, tenantId: string, id: string) {
  return db.selectFrom('invoices').select(['status', 'paid_cents', 'total_cents']).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** Deletes an invoice still in one of the statuses. */
export async function deleteInvoiceIf(trx: Db, tenantId: string, id: string, from: readonly string[]): Promise<boolean> {
  const result = await trx.deleteFrom('invoices').where('tenant_id', '=', tenantId).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Both ends of the edit-copy link: the invoice a draft was copied from, and the drafts copied from this one. */
export async function findCopyLinks(db: Db, tenantId: string, invoice: { id: string; copied_from_invoice_id?: string | null }) {
  const from = invoice.copied_from_invoice_id
    ? await db
        .selectFrom('invoices')
        .select(['id', 'invoice_number', 'status'])
        .where('tenant_id', '=', tenantId)
        .where('id', '=', invoice.copied_from_invoice_id)
        .executeTakeFirst()
    : undefined;
  const copies = await db
    .selectFrom('invoices')
    .select(['id', 'invoice_number', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('copied_from_invoice_id', '=', invoice.id)
    .orderBy('invoice_number')
    .execute();
  return { from: from ?? null, copies };
}
