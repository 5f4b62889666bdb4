import type { Db } from '@fieldwork/db/connection';
import { dayBounds, MY_DAY_LIMIT, type MyDay, type MyDayQuery } from '@fieldwork/domain/tasks/my-day.schemas';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { taskViewer } from '../task-core/tasks-access.service.ts';
import { listAssigneeDay, listWorkPeriods } from './my-day.repository.ts';
import { toMyDayTask } from './my-day.presenter.ts';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

/**
 * The signed-in user's own tasks of one day in the company's zone (today by default): a technician's or an
 * office user's assigned to them, a subcontractor login's assigned to its company. Nobody else's, ever.
 */
export async function myDay(db: Db, auth: Pick<AuthContext, 'viewer' | 'timeZone'>, q: MyDayQuery): Promise<MyDay> {
  const tv = await taskViewer(db, auth);
  const date = q.date ?? dayIn(tv.now, tv.timeZone);
  const range = dayBounds(date, tv.timeZone);
  const head = { date, timeZone: tv.timeZone, ...range };
  if (!tv.scope.key) return { ...head, items: [] };
  const rows = await listAssigneeDay(db, tv.scope.tenantId, tv.scope.key, range, MY_DAY_LIMIT);
  const periods = await listWorkPeriods(
    db,
    tv.scope.tenantId,
    rows.map((r) => r.id),
  );
  const byTask = new Map<string, typeof periods>();
  for (const p of periods) byTask.set(p.task_id, [...(byTask.get(p.task_id) ?? []), p]);
  return { ...head, items: rows.map((r) => toMyDayTask(tv, r, byTask.get(r.id) ?? [])) };
}
