import type { Db } from '@fieldwork/db/connection';
import { pageMeta } from '@fieldwork/domain/common/common.schemas';
import {
  AVAILABLE_SOON_MINUTES,
  occupiedInterval,
  technicianAvailability,
  type AvailableTechnician,
  type Interval,
} from '@fieldwork/domain/scheduling/scheduling.schemas';
import { statusBounds } from '@fieldwork/domain/tasks/task-status.rules';
import type { z } from 'zod';
import type { technicianAvailabilityQuery } from '@fieldwork/domain/scheduling/scheduling.schemas';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { photoUrl } from '../account-core/users.presenter.ts';
import { activeTasksOverlapping } from './scheduler.repository.ts';
import { pageTechnicians } from './team.repository.ts';
import { timeOffOverlapping } from './time-off.repository.ts';

type Query = z.output<typeof technicianAvailabilityQuery>;
const MINUTE = 60_000;

const shift = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/**
 * Busy intervals (active tasks and time off) of the given technicians overlapping [from, to), in two
 * queries for the whole page — each an assignee/start index range, never one query per technician.
 */
export async function busyIntervals(
  db: Db,
  tenantId: string,
  userIds: string[],
  from: string,
  to: string,
  excludeTaskId?: string,
): Promise<Map<string, Interval[]>> {
  const out = new Map<string, Interval[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return out;
  const tasks = await activeTasksOverlapping(db, tenantId, userIds, { start: from, end: to }, excludeTaskId);
  for (const t of tasks) {
    const span = occupiedInterval(t.start_at!, t.expected_end_at);
    if (span.end > span.start) out.get(t.assignee_key!)?.push(span);
  }
  const off = await timeOffOverlapping(db, tenantId, userIds, from, to);
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
  const { rows: users, total } = await pageTechnicians(db, tenantId, q);
  const from = [day.startOfToday, shift(window.start, -AVAILABLE_SOON_MINUTES * MINUTE)].sort()[0]!;
  const to = [day.startOfTomorrow, window.end].sort().at(-1)!;
  const busy = await busyIntervals(
    db,
    tenantId,
    users.map((u) => u.id),
    from,
    to,
    q.excludeTaskId,
  );
  const items: AvailableTechnician[] = users.map((u) => ({
    userId: u.id,
    username: u.name,
    profilePictureUrl: photoUrl(u),
    ...technicianAvailability(window, busy.get(u.id) ?? [], day.startOfTomorrow),
  }));
  return { items, meta: pageMeta(total, q.page, q.limit) };
}
