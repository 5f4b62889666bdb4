import type { Db } from '@fieldwork/db/connection';
import type { TextMessagesTable } from '@fieldwork/db/schema-texts';

/** Texts and opt-outs. A status moves only forward (see TEXT_STATUS_RANK): each write names the states it moves from. */
export async function insertTextMessage(trx: Db, row: TextMessagesTable): Promise<void> {
  await trx.insertInto('text_messages').values(row).execute();
}

export function findTextMessage(db: Db, tenantId: string, id: string) {
  return db.selectFrom('text_messages').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export function findTextBySid(db: Db, tenantId: string, sid: string) {
  return db.selectFrom('text_messages').selectAll().where('tenant_id', '=', tenantId).where('provider_sid', '=', sid).executeTakeFirst();
}

export function listTextMessages(db: Db, tenantId: string, limit: number) {
  return db
    .selectFrom('text_messages')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** false when the text is no longer in one of `from` (another run or a callback moved it). */
export async function setTextStatusIf(
  db: Db,
  tenantId: string,
  id: string,
  from: readonly string[],
  set: Partial<Pick<TextMessagesTable, 'status' | 'provider_sid' | 'error' | 'sent_at' | 'send_after'>>,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('text_messages')
    .set({ ...set, updated_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function isOptedOut(db: Db, tenantId: string, phone: string): Promise<boolean> {
  return !!(await db.selectFrom('text_opt_outs').select('phone_e164').where('tenant_id', '=', tenantId).where('phone_e164', '=', phone).executeTakeFirst());
}

export async function optOut(db: Db, tenantId: string, phone: string, at: string): Promise<void> {
  await db
    .insertInto('text_opt_outs')
    .values({ tenant_id: tenantId, phone_e164: phone, opted_out_at: at })
    .onConflict((oc) => oc.columns(['tenant_id', 'phone_e164']).doNothing())
    .execute();
}

export async function optIn(db: Db, tenantId: string, phone: string): Promise<void> {
  await db.deleteFrom('text_opt_outs').where('tenant_id', '=', tenantId).where('phone_e164', '=', phone).execute();
}
