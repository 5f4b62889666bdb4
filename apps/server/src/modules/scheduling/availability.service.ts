import type { Db } from '@fieldwork/db/connection';
import { paging } from '@fieldwork/db/sql-helpers';
import { pageMeta } from '@fieldwork/domain/common.schemas';
import { AVAILABLE_SOON_MINUTES, occupiedInterval, technicianAvailability, type AvailableTechnician, type Interval } from '@fieldwork/domain/scheduling.schemas';
import { statusBounds } from '@fieldwork/domain/task-status';
import type { z } from 'zod';
import type { technicianAvailabilityQuery } from '@fieldwork/domain/scheduling.schemas';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { photoUrl } from '../users/users.presenter.ts';
import { occupiedDuring } from './schedule-guard.ts';
import { technicians } from './team.service.ts';

type Query = z.output<typeof technicianAvailabilityQuery>;
const MINUTE = 60_000;

const shift = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/**
 * Busy intervals (active tasks and time off) of the given technicians overlapping [from, to), in two
 * queries for the whole page — each an assignee/start index range, never one query per technician.
 */
export async function busyIntervals(db: Db, tenantId: string, userIds: string[], from: string, to: string, excludeTaskId?: string): Promise<Map<string, Interval[]>> {
  const out = new Map<string, Interval[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return out;
  const tasks = await db
    .selectFrom('tasks')
    .select(['assignee_key', 'start_at', 'expected_end_at'])
    .where('tenant_id', '=', tenantId)
    .where('assignee_key', 'in', userIds)
    .where('lifecycle', '<>', 'CANCELLED')
    .$if(!!excludeTaskId, (qb) => qb.where('id', '<>', excludeTaskId!))
    .where((eb) => occupiedDuring(eb, { start: from, end: to }))
    .execute();
  for (const t of tasks) {
    const span = occupiedInterval(t.start_at!, t.expected_end_at);
    if (span.end > span.start) out.get(t.assignee_key!)?.push(span);
  }
  const off = await db
    .selectFrom('time_off')
    .select(['user_id', 'start_at', 'end_at'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', 'in', userIds)
    .where('start_at', '<', to)
    .where('end_at', '>', from)
    .execute();
  for (const o of off) out.get(o.user_id)?.push({ start: o.start_at, end: o.end_at });
  return out;
}

/**
 * GET /tasks/technicians: a page of the company's active technicians with their availability for the
 * window (spec: BUSY / AVAILABLE_SOON / AVAILABLE). Intervals are read from the hour before the window's
 * day (or the window, if earlier) to the end of that day in the company's zone.
 */
export async function listAvailableTechnicians(db: Db, auth: Pick<AuthContext, 'viewer' | 'timeZone'>, q: Query) {
  const tenantId = auth.viewer.tenantId;
  const window = occupiedInterval(q.startDateTime, q.expectedEndDateTime ?? null);
  const day = statusBounds(new Date(window.start), auth.timeZone);
  const base = technicians(db, tenantId, q);
  const { limit, offset } = paging(q.page, q.limit);
  const [users, total] = await Promise.all([
    base.select(['users.id', 'users.name', 'users.photo_file_id']).orderBy('users.name').orderBy('users.id').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const from = [day.startOfToday, shift(window.start, -AVAILABLE_SOON_MINUTES * MINUTE)].sort()[0]!;
  const to = [day.startOfTomorrow, window.end].sort().at(-1)!;
  const busy = await busyIntervals(db, tenantId, users.map((u) => u.id), from, to, q.excludeTaskId);
  const items: AvailableTechnician[] = users.map((u) => ({
    userId: u.id,
    username: u.name,
    profilePictureUrl: photoUrl(u),
    ...technicianAvailability(window, busy.get(u.id) ?? [], day.startOfTomorrow),
  }));
  return { items, meta: pageMeta(Number(total.n), q.page, q.limit) };
}
