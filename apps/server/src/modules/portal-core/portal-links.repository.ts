import type { Db } from '@fieldwork/db/connection';
import type { PortalLinksTable } from '@fieldwork/db/schema-portal';
import { withSecret } from '@fieldwork/db/tenant-scope';

export type PortalLinkRow = PortalLinksTable;
export type PortalDocumentRef = { estimateId: string } | { invoiceId: string };

const docColumn = (doc: PortalDocumentRef) => ('estimateId' in doc ? (['estimate_id', doc.estimateId] as const) : (['invoice_id', doc.invoiceId] as const));

export async function insertPortalLink(db: Db, row: PortalLinkRow): Promise<void> {
  await db.insertInto('portal_links').values(row).execute();
}

/** A link is found by its token's hash before any company is known: only that one row opens (row-level security). */
export function findPortalLinkByHash(db: Db, tokenHash: string): Promise<PortalLinkRow | undefined> {
  return withSecret({ tokenHash }, () => db.selectFrom('portal_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst());
}

export async function markPortalLinkOpened(db: Db, tenantId: string, id: string, at: string): Promise<void> {
  await db.updateTable('portal_links').set({ last_opened_at: at }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** The live links of one document (unrevoked, unexpired). */
export function liveLinkIds(db: Db, tenantId: string, doc: PortalDocumentRef, at: string): Promise<{ id: string }[]> {
  const [column, id] = docColumn(doc);
  return db
    .selectFrom('portal_links')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where(column, '=', id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .execute();
}

/** Signs out every customer session opened from these links. */
export async function endSessionsOfLinks(db: Db, tenantId: string, linkIds: string[]): Promise<void> {
  if (!linkIds.length) return;
  await db.deleteFrom('portal_sessions').where('tenant_id', '=', tenantId).where('link_id', 'in', linkIds).execute();
}

/** Ends the live links of one document — all of them, or only those emailed to the given addresses (a re-send replaces them). */
export async function revokePortalLinks(
  db: Db,
  tenantId: string,
  doc: PortalDocumentRef,
  at: string,
  reason: 'revoked' | 'replaced',
  emails?: string[],
): Promise<number> {
  const [column, id] = docColumn(doc);
  let query = db
    .updateTable('portal_links')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('tenant_id', '=', tenantId)
    .where(column, '=', id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at);
  if (emails) {
    if (!emails.length) return 0;
    query = query.where('email', 'in', emails);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function listPortalLinks(db: Db, tenantId: string, doc: PortalDocumentRef): Promise<PortalLinkRow[]> {
  const [column, id] = docColumn(doc);
  return db.selectFrom('portal_links').selectAll().where('tenant_id', '=', tenantId).where(column, '=', id).orderBy('created_at', 'desc').limit(50).execute();
}
