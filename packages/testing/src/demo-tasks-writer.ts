import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { insertRows, withoutIndexesAndTriggers } from '@fieldwork/db/bulk-insert';
import { recountTaskCounts } from '@fieldwork/db/task-counts';
import type { Context, Plan, SeededTasks } from './demo.types.ts';

/** Writing the planned tasks (demo-tasks.ts decides what they are): rows, work periods and log, in batches. */

const MINUTE = 60_000;
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

const TASK_NAMES = [
  'Site survey',
  'Diagnose fault',
  'Replace parts',
  'Install unit',
  'Pressure test',
  'Follow-up visit',
  'Safety check',
  'Clean-up and handover',
  'Take measurements',
  'Commissioning',
];
const DESCRIPTIONS = ['Bring the ladder and spare filters.', 'Customer is on site after 9 am; call ahead.', 'Check the notes of the previous visit first.'];
const WORK_NOTES = ['Work completed, area cleaned.', 'Replaced the faulty part and tested it.', 'Customer signed off on site.'];

const TASK_COLUMNS = [
  'id',
  'tenant_id',
  'task_number',
  'task_number_text',
  'name',
  'description',
  'job_id',
  'customer_id',
  'lifecycle',
  'assigned_to',
  'assigned_user_id',
  'assigned_subcontractor_id',
  'assignee_key',
  'schedule_id',
  'start_at',
  'expected_end_at',
  'end_at',
  'created_by',
  'created_at',
  'updated_at',
  'closed_at',
  'version',
] as const;
const ACTIVITY_COLUMNS = ['id', 'tenant_id', 'task_id', 'job_id', 'user_id', 'start_time', 'end_time', 'description', 'created_at', 'vehicle_id'] as const;
const ASSISTANT_COLUMNS = ['tenant_id', 'activity_id', 'user_id'] as const;
const LOG_COLUMNS = ['id', 'tenant_id', 'job_id', 'entity_type', 'entity_id', 'action', 'message', 'actor_id', 'meta', 'created_at'] as const;

const iso = (t: number | null | undefined) => (t === null || t === undefined ? null : new Date(t).toISOString());

export async function writeTasks(db: Db, ctx: Context, plans: Iterable<Plan>, o: { batch: number; log: boolean; bulkLoad: boolean }): Promise<SeededTasks> {
  const { tenantId, adminId } = ctx;
  const load = () =>
    db.transaction().execute(async (trx) => {
      const counter = await trx.selectFrom('tenant_counters').select('value').where('tenant_id', '=', tenantId).where('name', '=', 'task').executeTakeFirst();
      const firstNumber = Number(counter?.value ?? 1000) + 1;
      let number = firstNumber;
      let tasks: Record<string, unknown>[] = [];
      let activities: Record<string, unknown>[] = [];
      let logs: Record<string, unknown>[] = [];
      let assistants: Record<string, unknown>[] = [];
      const flush = async () => {
        await insertRows(trx, 'tasks', TASK_COLUMNS, tasks);
        if (activities.length) await insertRows(trx, 'task_activities', ACTIVITY_COLUMNS, activities);
        if (assistants.length) await insertRows(trx, 'task_activity_assistants', ASSISTANT_COLUMNS, assistants);
        if (logs.length) await insertRows(trx, 'activity_log', LOG_COLUMNS, logs);
        tasks = [];
        activities = [];
        logs = [];
        assistants = [];
      };
      for (const p of plans) {
        const id = randomUUID();
        const n = number++;
        const closedAt = p.lifecycle === 'CLOSED' && p.worked?.end ? Math.min(ctx.now, p.worked.end + 20 * MINUTE) : null;
        const created = iso(p.created);
        tasks.push({
          id,
          tenant_id: tenantId,
          task_number: n,
          task_number_text: String(n),
          name: pick(TASK_NAMES, n),
          description: n % 3 ? null : pick(DESCRIPTIONS, n),
          job_id: p.job.id,
          customer_id: p.job.customerId,
          lifecycle: p.lifecycle,
          assigned_to: p.assignee?.kind ?? 'NONE',
          assigned_user_id: p.assignee?.kind === 'TECHNICIAN' ? p.assignee.key : null,
          assigned_subcontractor_id: p.assignee?.kind === 'SUBCONTRACTOR' ? p.assignee.key : null,
          assignee_key: p.assignee?.key ?? null,
          schedule_id: p.start === null ? null : randomUUID(),
          start_at: iso(p.start),
          expected_end_at: iso(p.end),
          end_at: closedAt === null ? null : iso(p.worked!.end),
          created_by: adminId,
          created_at: created,
          updated_at: iso(Math.max(p.created, closedAt ?? p.worked?.end ?? p.worked?.start ?? 0)),
          closed_at: iso(closedAt),
          version: 1,
        });
        if (p.worked) {
          const activityId = randomUUID();
          activities.push({
            id: activityId,
            tenant_id: tenantId,
            task_id: id,
            job_id: p.job.id,
            user_id: p.assignee?.worker ?? null,
            start_time: iso(p.worked.start),
            end_time: iso(p.worked.end),
            description: p.worked.end === null ? null : pick(WORK_NOTES, n),
            created_at: iso(p.worked.start),
            vehicle_id: p.worked.vehicleId ?? null,
          });
          for (const userId of p.worked.assistants ?? []) assistants.push({ tenant_id: tenantId, activity_id: activityId, user_id: userId });
        }
        if (o.log) {
          logs.push({
            id: randomUUID(),
            tenant_id: tenantId,
            job_id: p.job.id,
            entity_type: 'TASK',
            entity_id: id,
            action: 'TASK_CREATED',
            message: `Task #${n} created`,
            actor_id: adminId,
            meta: '[]',
            created_at: created,
          });
        }
        if (tasks.length >= o.batch) await flush();
      }
      if (tasks.length) await flush();
      return { firstNumber, lastNumber: number - 1 };
    });
  const { firstNumber, lastNumber } = o.bulkLoad ? await withoutIndexesAndTriggers(db, ['tasks', 'task_activities', 'activity_log'], load) : await load();
  return db.transaction().execute(async (trx) => {
    if (o.bulkLoad) await recountTaskCounts(trx, tenantId);
    await trx
      .updateTable('jobs')
      .set((eb) => ({
        task_count: eb
          .selectFrom('tasks')
          .select((t) => t.fn.countAll<number>().as('n'))
          .where('tasks.tenant_id', '=', tenantId)
          .whereRef('tasks.job_id', '=', 'jobs.id'),
      }))
      .where('tenant_id', '=', tenantId)
      .execute();
    await trx
      .insertInto('tenant_counters')
      .values({ tenant_id: tenantId, name: 'task', value: lastNumber })
      .onConflict((oc) => oc.columns(['tenant_id', 'name']).doUpdateSet({ value: lastNumber }))
      .execute();
    return { count: lastNumber - firstNumber + 1, firstNumber, lastNumber };
  });
}
