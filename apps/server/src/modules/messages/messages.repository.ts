import type { Db } from '@fieldwork/db/connection';
import type { MessageRecipientsTable, MessagesTable, MessageState, RecipientState } from '@fieldwork/db/schema-messaging';

export type MessageRow = MessagesTable & { creator_name: string | null };
export type RecipientRow = MessageRecipientsTable;
export type MessageRef = { customerId?: string | undefined; jobId?: string | undefined; estimateId?: string | undefined; invoiceId?: string | undefined };

export async function insertMessage(
  trx: Db,
  tenantId: string,
  row: Omit<MessagesTable, 'tenant_id'>,
  recipients: Omit<RecipientRow, 'tenant_id' | 'message_id'>[],
): Promise<void> {
  await trx
    .insertInto('messages')
    .values({ ...row, tenant_id: tenantId })
    .execute();
  await trx
    .insertInto('message_recipients')
    .values(recipients.map((r) => ({ ...r, tenant_id: tenantId, message_id: row.id })))
    .execute();
}

const withCreator = (db: Db, tenantId: string) =>
  db
    .selectFrom('messages as m')
    .leftJoin('users as u', 'u.id', 'm.created_by')
    .selectAll('m')
    .select('u.name as creator_name')
    .where('m.tenant_id', '=', tenantId);

export function findMessage(db: Db, tenantId: string, id: string): Promise<MessageRow | undefined> {
  return withCreator(db, tenantId).where('m.id', '=', id).executeTakeFirst();
}

/** What was sent about one record, newest first (bounded: a page of a record's history). */
export function listMessagesFor(db: Db, tenantId: string, ref: MessageRef, limit = 100): Promise<MessageRow[]> {
  let q = withCreator(db, tenantId);
  if (ref.customerId) q = q.where('m.customer_id', '=', ref.customerId);
  if (ref.jobId) q = q.where('m.job_id', '=', ref.jobId);
  if (ref.estimateId) q = q.where('m.estimate_id', '=', ref.estimateId);
  if (ref.invoiceId) q = q.where('m.invoice_id', '=', ref.invoiceId);
  return q.orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit).execute();
}

export function listRecentMessages(db: Db, tenantId: string, limit: number): Promise<MessageRow[]> {
  return withCreator(db, tenantId).orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit).execute();
}

export function recipientsOf(db: Db, tenantId: string, messageIds: string[]): Promise<RecipientRow[]> {
  if (!messageIds.length) return Promise.resolve([]);
  return db
    .selectFrom('message_recipients')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('message_id', 'in', messageIds)
    .orderBy('role', 'desc')
    .orderBy('address')
    .execute();
}

export async function setRecipientState(
  db: Db,
  tenantId: string,
  messageId: string,
  addresses: string[],
  state: RecipientState,
  error: string | null,
  now: string,
): Promise<void> {
  if (!addresses.length) return;
  await db
    .updateTable('message_recipients')
    .set({ state, error, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('message_id', '=', messageId)
    .where('address', 'in', addresses)
    .execute();
}

export async function setMessageState(
  db: Db,
  tenantId: string,
  id: string,
  patch: { state: MessageState; error?: string | null; providerId?: string | null; sentAt?: string | null },
  now: string,
): Promise<void> {
  await db
    .updateTable('messages')
    .set({
      state: patch.state,
      ...(patch.error !== undefined ? { error: patch.error } : {}),
      ...(patch.providerId !== undefined ? { provider_id: patch.providerId } : {}),
      ...(patch.sentAt !== undefined ? { sent_at: patch.sentAt } : {}),
      updated_at: now,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Failed recipients back to the queue for a retry; answers how many. */
export async function requeueFailedRecipients(db: Db, tenantId: string, messageId: string, now: string): Promise<number> {
  const result = await db
    .updateTable('message_recipients')
    .set({ state: 'queued', error: null, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('message_id', '=', messageId)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function findTemplates(db: Db, tenantId: string) {
  return db.selectFrom('email_templates').selectAll().where('tenant_id', '=', tenantId).execute();
}

export async function upsertTemplate(
  db: Db,
  tenantId: string,
  row: { kind: string; subject: string; message: string; updatedBy: string; now: string },
): Promise<void> {
  await db
    .insertInto('email_templates')
    .values({ tenant_id: tenantId, kind: row.kind, subject: row.subject, message: row.message, updated_by: row.updatedBy, updated_at: row.now })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'kind']).doUpdateSet({ subject: row.subject, message: row.message, updated_by: row.updatedBy, updated_at: row.now }),
    )
    .execute();
}

export async function deleteTemplate(db: Db, tenantId: string, kind: string): Promise<void> {
  await db.deleteFrom('email_templates').where('tenant_id', '=', tenantId).where('kind', '=', kind).execute();
}
