import type { Db } from '@fieldwork/db/connection';
import type { VisitLinksTable } from '@fieldwork/db/schema-visits';
import { withSecret } from '@fieldwork/db/tenant-scope';

export async function insertVisitLink(db: Db, row: VisitLinksTable): Promise<void> {
  await db.insertInto('visit_links').values(row).execute();
}

/** The times a link's expiry is counted from (the task of this company, or nothing). */
export function findTaskSchedule(db: Db, tenantId: string, taskId: string) {
  return db.selectFrom('tasks').select(['start_at', 'expected_end_at']).where('tenant_id', '=', tenantId).where('id', '=', taskId).executeTakeFirst();
}

/** A link is found by its token's hash before any company is known: only that one row opens (row-level security). */
export function findVisitLinkByHash(db: Db, tokenHash: string): Promise<VisitLinksTable | undefined> {
  return withSecret({ tokenHash }, () => db.selectFrom('visit_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst());
}

/** The window of the task's latest "on my way": the newest of its links sent with one. */
export function latestArrival(db: Db, tenantId: string, taskId: string): Promise<{ arrival_from: string | null; arrival_to: string | null } | undefined> {
  return db
    .selectFrom('visit_links')
    .select(['arrival_from', 'arrival_to'])
    .where('tenant_id', '=', tenantId)
    .where('task_id', '=', taskId)
    .where('arrival_from', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** The task a link opens, with its company and who is assigned — the link's tenant and task, nothing else. */
export function findVisitTask(db: Db, tenantId: string, taskId: string) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('tenants as c', 'c.id', 't.tenant_id')
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 't.assigned_user_id').onRef('u.tenant_id', '=', 't.tenant_id'))
    .leftJoin('subcontractors as s', (j) => j.onRef('s.id', '=', 't.assigned_subcontractor_id').onRef('s.tenant_id', '=', 't.tenant_id'))
    .select([
      't.id',
      't.name',
      't.lifecycle',
      't.assigned_to',
      't.start_at',
      't.expected_end_at',
      'u.name as tech_name',
      'u.photo_file_id',
      's.name as sub_name',
      'c.name as company_name',
      'c.time_zone',
      'c.phone as company_phone',
      'c.portal_slug',
      'c.logo_file_id',
      'c.brand_color',
    ])
    .where('t.tenant_id', '=', tenantId)
    .where('t.id', '=', taskId)
    .executeTakeFirst();
}
