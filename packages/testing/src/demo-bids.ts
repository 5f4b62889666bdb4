import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import type { SeededCompany } from './demo.types.ts';

/**
 * Bid requests on the demo's first upcoming unassigned task: one waiting on the subcontractor that has a
 * login (so sub1@demo.test has something to answer) and one already answered, ready for the office to award.
 */
export async function seedDemoBids(db: Db, company: SeededCompany, now: Date): Promise<number> {
  const { tenantId } = company;
  const task = await db
    .selectFrom('tasks')
    .select(['id', 'job_id'])
    .where('tenant_id', '=', tenantId)
    .where('lifecycle', '=', 'OPEN')
    .where('assignee_key', 'is', null)
    .where('start_at', '>', now.toISOString())
    .orderBy('start_at')
    .executeTakeFirst();
  const subs = await db
    .selectFrom('subcontractors')
    .select(['id', 'name', 'user_id'])
    .where('tenant_id', '=', tenantId)
    .where('is_active', '=', 1)
    .orderBy('name')
    .execute();
  const withLogin = subs.find((s) => s.user_id);
  const other = subs.find((s) => s !== withLogin);
  if (!task || !withLogin || !other) return 0;
  const adminId = Object.values(company.userIds)[0] ?? null;
  const answeredAt = new Date(now.getTime() - 3_600_000).toISOString();
  const requestedAt = new Date(now.getTime() - 86_400_000).toISOString();
  const bids = [
    { sub: withLogin, status: 'REQUESTED', amount: null, note: null, answered: null },
    { sub: other, status: 'SUBMITTED', amount: 125_000, note: 'Includes parts and disposal.', answered: answeredAt },
  ] as const;
  await db
    .insertInto('bid_requests')
    .values(
      bids.map((b) => ({
        id: randomUUID(),
        tenant_id: tenantId,
        task_id: task.id,
        subcontractor_id: b.sub.id,
        status: b.status,
        amount_cents: b.amount,
        note: b.note,
        earliest_start_at: null,
        answered_by: b.answered ? b.sub.user_id : null,
        answered_at: b.answered,
        created_by: adminId,
        created_at: requestedAt,
        updated_at: b.answered ?? requestedAt,
      })),
    )
    .execute();
  const log = (action: string, message: string, createdAt: string) => ({
    id: randomUUID(),
    tenant_id: tenantId,
    job_id: task.job_id,
    entity_type: 'TASK',
    entity_id: task.id,
    action,
    message,
    actor_id: adminId,
    meta: '[]',
    created_at: createdAt,
  });
  await db
    .insertInto('activity_log')
    .values([
      ...bids.map((b) => log('BID_REQUESTED', `Bid requested from ${b.sub.name}`, requestedAt)),
      log('BID_SUBMITTED', `${other.name} bid $1,250.00`, answeredAt),
    ])
    .execute();
  return bids.length;
}
