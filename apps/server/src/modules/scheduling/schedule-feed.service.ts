import type { Db } from '@fieldwork/db/connection';
import { isSubcontractorRole } from '@fieldwork/domain/access/roles.rules';
import type { SchedulerQuery, SchedulerUser, SchedulerUsersQuery } from '@fieldwork/domain/scheduling/scheduling.schemas';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { countActiveTasksByAssignee } from './scheduler.repository.ts';
import { listSchedulerTasks } from './scheduler.service.ts';
import { listTeam } from './team.service.ts';
import { listTimeOff } from './time-off.service.ts';

type Auth = Pick<AuthContext, 'viewer' | 'timeZone'>;

/** GET /schedule: the scheduler's tasks for the range plus the time off the viewer may see (none for subcontractors). */
export async function scheduleFeed(db: Db, auth: Auth, q: SchedulerQuery) {
  const [{ items }, timeOff] = await Promise.all([
    listSchedulerTasks(db, auth, q),
    isSubcontractorRole(auth.viewer.role) ? [] : listTimeOff(db, auth, { startDateTime: q.startDateTime, endDateTime: q.endDateTime }),
  ]);
  return { tasks: items, timeOff };
}

/**
 * The scheduler's people rows: a page of active technicians or subcontractors (the team list's order and
 * filters) with how many active tasks each has in the range — one grouped query for the page.
 */
export async function listSchedulerUsers(
  db: Db,
  auth: Auth,
  q: SchedulerUsersQuery,
): Promise<{ items: SchedulerUser[]; meta: { total: number; totalPages: number; page: number; limit: number } }> {
  const type = q.userType === 'technician' ? 'TECHNICIAN' : 'SUBCONTRACTOR';
  const page = await listTeam(db, auth, { page: q.page, limit: q.limit, type, search: q.search });
  const ids = page.items.map((m) => m.id);
  const countOf = await countActiveTasksByAssignee(db, auth.viewer.tenantId, ids, { start: q.startDateTime, end: q.endDateTime });
  return { items: page.items.map((m) => ({ ...m, taskCount: countOf.get(m.id) ?? 0 })), meta: page.meta };
}
