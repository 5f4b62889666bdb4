import type { Db } from '@fieldwork/db/connection';

/**
 * Holds the invoice drafted for one visit or period of a plan, in the transaction that inserted the invoice: false
 * when one is held already (a run repeated, or two at once), and the caller rolls its invoice back.
 */
export async function claimPlanInvoice(trx: Db, tenantId: string, planId: string, periodKey: string, invoiceId: string, at: string): Promise<boolean> {
  const inserted = await trx
    .insertInto('plan_invoices')
    .values({ tenant_id: tenantId, plan_id: planId, period_key: periodKey, invoice_id: invoiceId, created_at: at })
    .onConflict((oc) => oc.columns(['tenant_id', 'plan_id', 'period_key']).doNothing())
    .returning('invoice_id')
    .executeTakeFirst();
  return !!inserted;
}

/** The invoice drafted for a visit or period, with its status (null when none yet). */
export function findPlanInvoice(db: Db, tenantId: string, planId: string, periodKey: string) {
  return db
    .selectFrom('plan_invoices as pi')
    .innerJoin('invoices as i', (j) => j.onRef('i.id', '=', 'pi.invoice_id').onRef('i.tenant_id', '=', 'pi.tenant_id'))
    .select(['i.id', 'i.status', 'i.invoice_number'])
    .where('pi.tenant_id', '=', tenantId)
    .where('pi.plan_id', '=', planId)
    .where('pi.period_key', '=', periodKey)
    .executeTakeFirst();
}

/** Which of these keys of the plan already have their invoice. */
export async function heldPlanInvoiceKeys(db: Db, tenantId: string, planId: string, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db
    .selectFrom('plan_invoices')
    .select('period_key')
    .where('tenant_id', '=', tenantId)
    .where('plan_id', '=', planId)
    .where('period_key', 'in', keys)
    .execute();
  return new Set(rows.map((r) => r.period_key));
}

/** A closed visit's plan and the local day it closed on (what its per-visit invoice is dated). */
export function findClosedVisit(db: Db, tenantId: string, taskId: string) {
  return db
    .selectFrom('tasks')
    .select(['id', 'plan_id', 'lifecycle', 'closed_at', 'end_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', taskId)
    .where('plan_id', 'is not', null)
    .where('lifecycle', '=', 'CLOSED')
    .executeTakeFirst();
}

export async function findInvoiceStatus(db: Db, tenantId: string, invoiceId: string): Promise<string | null> {
  const row = await db.selectFrom('invoices').select('status').where('tenant_id', '=', tenantId).where('id', '=', invoiceId).executeTakeFirst();
  return row?.status ?? null;
}
