import type { Db } from '@fieldwork/db/connection';

/** A team member's own notice choice, their profile phone, and the country their company's texts read numbers in. */
export function findNoticeRow(db: Db, tenantId: string, userId: string) {
  return db
    .selectFrom('users')
    .leftJoin('text_accounts', 'text_accounts.tenant_id', 'users.tenant_id')
    .select(['users.assignment_notice', 'users.phone', 'text_accounts.country'])
    .where('users.tenant_id', '=', tenantId)
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export async function setAssignmentNotice(db: Db, tenantId: string, userId: string, notice: string, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ assignment_notice: notice, updated_at: at, version: eb('version', '+', 1) }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute();
}
