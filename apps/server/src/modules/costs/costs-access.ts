import type { Db } from '@fieldwork/db/connection';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { can, isTechnicianRole, refusalFor } from '@fieldwork/domain/access/roles.rules';
import { COST_MESSAGES } from '@fieldwork/domain/jobs/costs.rules';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { requireTaskAction, requireVisibleTask, taskViewer } from '../task-core/tasks-access.service.ts';
import { recordActions } from '../task-core/tasks.presenter.ts';
import type { TaskViewRow } from '../task-core/tasks.repository.ts';

export type CostCtx = { db: Db; dialect: 'sqlite' | 'postgres'; auth: AuthContext };

/**
 * Who may touch which cost (decided here and documented in roles.ts):
 * - the office (costs.read / costs.write) reads and writes every cost of the company;
 * - on a task, everyone — office included — adds costs only where the task's addCost rule allows it
 *   (task-actions.rules.ts: never for subcontractor logins or on subcontractor tasks, never on unassigned or
 *   cancelled tasks, only while clocked in/out or the job is open, only the assignee or full access);
 * - a technician (costs.task) sees the costs of their own tasks where addCost or viewCost allows, and edits
 *   or deletes them where addCost allows; job-wide lists, summaries, margins and estimated costs are office-only.
 */
export async function taskForCosts(ctx: CostCtx, taskId: string, need: 'add' | 'read'): Promise<TaskViewRow> {
  const tv = await taskViewer(ctx.db, ctx.auth);
  const row = await requireVisibleTask(ctx.db, tv, taskId);
  if (need === 'add') {
    requireTaskAction(tv, row, 'addCost');
    return row;
  }
  if (can(ctx.auth.viewer, 'costs.read')) return row;
  const actions = recordActions(tv, row);
  if (!actions.addCost.allowed && !actions.viewCost.allowed) throw new AppError('FORBIDDEN', refusalFor(ctx.auth.viewer, 'costs.read'));
  return row;
}

/** Writes without a task (job-level costs, estimated costs) are office work. */
export function requireOfficeWrite(ctx: CostCtx): void {
  const viewer = ctx.auth.viewer;
  if (can(viewer, 'costs.write')) return;
  // A technician may add costs, but only through their own task; anyone else is told what their access allows.
  throw new AppError('FORBIDDEN', isTechnicianRole(viewer.role) ? COST_MESSAGES.taskCostOnly : refusalFor(viewer, 'costs.write'));
}

/** An existing cost: the office may change it; anyone else only through its task's addCost rule. */
export async function requireCostChange(ctx: CostCtx, row: { task_id: string | null; cost_for: string }): Promise<void> {
  if (can(ctx.auth.viewer, 'costs.write')) return;
  if (!row.task_id || row.cost_for !== 'JOB') throw new AppError('NOT_FOUND', COST_MESSAGES.notFound);
  await taskForCosts(ctx, row.task_id, 'add');
}

/** An existing cost a field user may not see reads as missing, like another company's. */
export async function requireCostRead(ctx: CostCtx, row: { task_id: string | null; cost_for: string }): Promise<void> {
  if (can(ctx.auth.viewer, 'costs.read')) return;
  if (!row.task_id || row.cost_for !== 'JOB') throw new AppError('NOT_FOUND', COST_MESSAGES.notFound);
  try {
    await taskForCosts(ctx, row.task_id, 'read');
  } catch (error) {
    if (error instanceof AppError) throw new AppError('NOT_FOUND', COST_MESSAGES.notFound);
    throw error;
  }
}
