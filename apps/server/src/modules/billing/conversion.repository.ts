import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';

/**
 * The writes that join an estimate to the invoice converted from it, shared by both sides: the conversion's
 * claim on the estimate (one conditional statement, so two racing conversions make one invoice), its release
 * when that invoice is deleted, and invoice payments — a paid deposit becomes one on conversion.
 */

/** Convert once: names the invoice only while the estimate has none and is in one of the statuses. */
export async function claimConversion(trx: Db, tenantId: string, id: string, invoiceId: string, from: readonly string[], at: string): Promise<boolean> {
  const result = await trx
    .updateTable('estimates')
    .set((eb) => ({ converted_invoice_id: invoiceId, updated_at: at, version: eb('version', '+', 1) }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('converted_invoice_id', 'is', null)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The estimate an invoice was converted from may be converted again once that invoice is deleted. */
export async function releaseConversion(trx: Db, tenantId: string, invoiceId: string): Promise<void> {
  await trx
    .updateTable('estimates')
    .set({ converted_invoice_id: null })
    .where('tenant_id', '=', tenantId)
    .where('converted_invoice_id', '=', invoiceId)
    .execute();
}

export type NewPayment = { amount_cents: number; paid_on: string; method: string; reference: string | null };

export async function insertPayment(trx: Db, tenantId: string, invoiceId: string, payment: NewPayment, by: string, at: string): Promise<void> {
  await trx
    .insertInto('invoice_payments')
    .values({ ...payment, id: randomUUID(), tenant_id: tenantId, invoice_id: invoiceId, created_by: by, created_at: at })
    .execute();
}
