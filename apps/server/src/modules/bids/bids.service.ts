import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { diffFields } from '@fieldwork/domain/jobs/activity.schemas';
import {
  BID_MESSAGES,
  formatBidAmount,
  OPEN_BID_STATUSES,
  type AnswerBidBody,
  type Bid,
  type BidListQuery,
  type BidStatus,
  type DeclineBidBody,
} from '@fieldwork/domain/tasks/bids.schemas';
import { pageMeta } from '@fieldwork/domain/common/common.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { assigneeKeys } from '@fieldwork/domain/common/events.schemas';
import { centsToAmount } from '@fieldwork/domain/jobs/jobs.rules';
import { isSubcontractorRole } from '@fieldwork/domain/access/roles.rules';
import { SCHEDULE_MESSAGES } from '@fieldwork/domain/scheduling/scheduling.schemas';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { slotOf, writeSchedule } from '../task-core/schedule-guard.ts';
import { afterCommit, runTransaction } from '@fieldwork/db/transactions';
import { requireTaskAction, requireVisibleTask, taskMoved, taskViewer, type TaskViewer } from '../task-core/tasks-access.service.ts';
import { currentAssigneeName } from '../task-core/tasks-assignee.service.ts';
import { findSubcontractorIdOfUser, updateTaskScheduleIf } from '../task-core/tasks.repository.ts';
import { visitChanged, visitStateOf } from '../visit-notices/visit-notices.service.ts';
import {
  closeOpenBids,
  findActiveSubcontractors,
  findBidView,
  insertBidRequests,
  listBidsPage,
  listTaskBids,
  updateBidIf,
  type BidViewRow,
} from './bids.repository.ts';

type Auth = Pick<AuthContext, 'viewer' | 'timeZone'>;

export function presentBid(row: BidViewRow): Bid {
  return {
    id: row.id,
    status: row.status as BidStatus,
    amount: row.amount_cents === null ? null : centsToAmount(Number(row.amount_cents)),
    note: row.note,
    earliestStartDateTime: row.earliest_start_at,
    answeredAt: row.answered_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
    subcontractor: { id: row.subcontractor_id, name: row.sub_name },
    task: {
      id: row.task_id,
      taskNumber: row.task_number,
      name: row.task_name,
      startDateTime: row.start_at,
      expectedEndDateTime: row.expected_end_at,
      jobId: row.job_id,
      jobNumber: row.job_number,
      customerName: row.customer_name,
      siteAddress: row.site_address,
    },
  };
}

const isOpen = (status: string) => (OPEN_BID_STATUSES as readonly string[]).includes(status);

/**
 * The subcontractors a request names, checked against this company before any write: every id must be an
 * active subcontractor of the tenant, else 400 naming the field (another company's id reads like a missing one).
 * Keyed in the request's order, so bidIds answer in it.
 */
export async function resolveBidSubcontractors(db: Db, tenantId: string, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const found = await findActiveSubcontractors(db, tenantId, unique);
  if (found.length !== unique.length) throw new AppError('VALIDATION_FAILED', [BID_MESSAGES.subcontractors]);
  const names = new Map(found.map((s) => [s.id, s.name]));
  return new Map(unique.map((id) => [id, names.get(id)!]));
}

type TaskRef = { id: string; job_id: string; task_number: number };

/** Inside the schedule write's transaction: the requests, and one BID_REQUESTED row per newly asked subcontractor. */
export async function requestBidsIn(trx: Db, tv: TaskViewer, task: TaskRef, subs: Map<string, string>, at: string): Promise<string[]> {
  const tenantId = tv.scope.tenantId;
  const { bidIds, created } = await insertBidRequests(trx, tenantId, task.id, [...subs.keys()], tv.viewer.userId, at);
  for (const subId of created) {
    await recordActivity(trx, tenantId, {
      jobId: task.job_id,
      entityType: 'TASK',
      entityId: task.id,
      actorId: tv.viewer.userId,
      at,
      action: 'BID_REQUESTED',
      message: `Bid requested from ${subs.get(subId)}`,
    });
  }
  await afterCommit(trx, tenantId, {
    type: 'bid.changed',
    taskId: task.id,
    jobId: task.job_id,
    taskNumber: task.task_number,
    assigneeKeys: assigneeKeys(...subs.keys()),
    at,
  });
  return bidIds;
}

/** GET /bids: a subcontractor login sees its own company's requests; office readers the company's (optionally one task's). */
export async function listBids(db: Db, auth: Auth, query: BidListQuery) {
  const tenantId = auth.viewer.tenantId;
  let subcontractorId: string | undefined;
  if (isSubcontractorRole(auth.viewer.role)) {
    const own = await findSubcontractorIdOfUser(db, tenantId, auth.viewer.userId);
    if (!own) return { items: [], meta: pageMeta(0, query.page, query.limit) };
    subcontractorId = own;
  }
  const { rows, total } = await listBidsPage(db, tenantId, { subcontractorId, status: query.status, taskId: query.taskId }, query.page, query.limit);
  return { items: rows.map(presentBid), meta: pageMeta(total, query.page, query.limit) };
}

/** GET /tasks/{id}/bids: the task's bids with each subcontractor's answer, for the office. */
export async function taskBids(db: Db, auth: Auth, taskId: string): Promise<Bid[]> {
  const tv = await taskViewer(db, auth);
  const row = await requireVisibleTask(db, tv, taskId);
  return (await listTaskBids(db, tv.scope.tenantId, row.id)).map(presentBid);
}

/** The bid as its own subcontractor login sees it: anyone else's reads like a missing one (404). */
async function requireOwnBid(db: Db, auth: Auth, bidId: string): Promise<BidViewRow> {
  const row = await findBidView(db, auth.viewer.tenantId, bidId);
  if (!row || !row.sub_user_id || row.sub_user_id !== auth.viewer.userId) throw new AppError('NOT_FOUND', BID_MESSAGES.notFound);
  if (!isOpen(row.status)) throw new AppError('CONFLICT', BID_MESSAGES.notOpen);
  return row;
}

type Answer = { status: 'SUBMITTED' | 'DECLINED'; amountCents: number | null; note: string | null; earliestStart: string | null };

/** The answer written only over the state it was read in (status and version), with its activity row. */
async function saveAnswer(db: Db, auth: Auth, row: BidViewRow, answer: Answer): Promise<Bid> {
  const tenantId = auth.viewer.tenantId;
  const at = nowIso();
  await runTransaction(db, async (trx) => {
    const answered = {
      status: answer.status,
      amount_cents: answer.amountCents,
      note: answer.note,
      earliest_start_at: answer.earliestStart,
      answered_by: auth.viewer.userId,
      answered_at: at,
    };
    if (!(await updateBidIf(trx, tenantId, row.id, { version: row.version, statuses: OPEN_BID_STATUSES }, answered, at)))
      throw new AppError('CONFLICT', BID_MESSAGES.notOpen);
    const message = answer.status === 'SUBMITTED' ? `${row.sub_name} bid ${formatBidAmount(answer.amountCents!)}` : `${row.sub_name} declined the bid request`;
    const changes = diffFields(
      { Status: row.status, Amount: row.amount_cents === null ? null : formatBidAmount(Number(row.amount_cents)) },
      { Status: answer.status, Amount: answer.amountCents === null ? null : formatBidAmount(answer.amountCents) },
    );
    await recordActivity(trx, tenantId, {
      jobId: row.job_id,
      entityType: 'TASK',
      entityId: row.task_id,
      actorId: auth.viewer.userId,
      at,
      action: answer.status === 'SUBMITTED' ? 'BID_SUBMITTED' : 'BID_DECLINED',
      message,
      changes,
    });
    await afterCommit(trx, tenantId, {
      type: 'bid.changed',
      taskId: row.task_id,
      jobId: row.job_id,
      taskNumber: row.task_number,
      assigneeKeys: [row.subcontractor_id],
      at,
    });
  });
  return presentBid((await findBidView(db, tenantId, row.id))!);
}

/** POST /bids/{id}/answer: the subcontractor's amount, note and earliest start; again while SUBMITTED. */
export async function answerBid(db: Db, auth: Auth, bidId: string, body: AnswerBidBody): Promise<Bid> {
  const row = await requireOwnBid(db, auth, bidId);
  return saveAnswer(db, auth, row, {
    status: 'SUBMITTED',
    amountCents: body.amount,
    note: body.note ?? null,
    earliestStart: body.earliestStartDateTime ?? null,
  });
}

/** POST /bids/{id}/decline. */
export async function declineBid(db: Db, auth: Auth, bidId: string, body: DeclineBidBody): Promise<Bid> {
  const row = await requireOwnBid(db, auth, bidId);
  return saveAnswer(db, auth, row, { status: 'DECLINED', amountCents: null, note: body.note ?? null, earliestStart: null });
}

/**
 * POST /bids/{id}/award: assign the task to the bid's subcontractor through the schedule guard (a clash is
 * 409 SCHEDULE_CONFLICT), mark the bid AWARDED and close every other open bid of the task, in one
 * transaction. The task row is updated first and only at the schedule version read, so of parallel awards
 * (of this bid or another of the task) exactly one wins and the rest get 409; taking the task's row lock
 * before any bid's also keeps two awards from deadlocking on PostgreSQL.
 */
export async function awardBid(db: Db, auth: Auth, bidId: string): Promise<Bid> {
  const tv = await taskViewer(db, auth);
  const tenantId = tv.scope.tenantId;
  const bid = await findBidView(db, tenantId, bidId);
  if (!bid) throw new AppError('NOT_FOUND', BID_MESSAGES.notFound);
  const task = await requireVisibleTask(db, tv, bid.task_id).catch(() => {
    throw new AppError('NOT_FOUND', BID_MESSAGES.notFound);
  });
  requireTaskAction(tv, task, 'edit');
  if (bid.status !== 'SUBMITTED') throw new AppError('CONFLICT', BID_MESSAGES.notSubmitted);
  if (!task.start_at) throw new AppError('CONFLICT', SCHEDULE_MESSAGES.noSchedule);
  const columns = {
    assigned_to: 'SUBCONTRACTOR' as const,
    assigned_user_id: null,
    assigned_subcontractor_id: bid.subcontractor_id,
    assignee_key: bid.subcontractor_id,
  };
  const slot = slotOf(tenantId, task.id, columns, task.start_at, task.expected_end_at);
  const at = nowIso();
  await writeSchedule(db, slot, async (trx) => {
    if (
      !(await updateTaskScheduleIf(
        trx,
        tenantId,
        task.id,
        { lifecycle: task.lifecycle, scheduleVersion: task.schedule_version },
        { ...columns, updated_at: at },
      ))
    )
      throw taskMoved();
    await visitChanged(trx, tenantId, task.id, visitStateOf(task));
    if (!(await updateBidIf(trx, tenantId, bid.id, { version: bid.version, statuses: ['SUBMITTED'] }, { status: 'AWARDED' }, at)))
      throw new AppError('CONFLICT', BID_MESSAGES.notSubmitted);
    const closed = await closeOpenBids(trx, tenantId, task.id, bid.id, at);
    const entry = { jobId: task.job_id, entityType: 'TASK' as const, entityId: task.id, actorId: tv.viewer.userId, at };
    await recordActivity(trx, tenantId, {
      ...entry,
      action: 'BID_AWARDED',
      message: `Awarded the bid of ${bid.sub_name} (${formatBidAmount(Number(bid.amount_cents))})`,
    });
    const changes = diffFields({ 'Assigned To': currentAssigneeName(task) }, { 'Assigned To': bid.sub_name });
    if (changes.length)
      await recordActivity(trx, tenantId, { ...entry, action: 'TASK_ASSIGNED', message: `Assigned task #${task.task_number} to ${bid.sub_name}`, changes });
    for (const other of closed) await recordActivity(trx, tenantId, { ...entry, action: 'BID_CLOSED', message: `Closed the bid request to ${other.name}` });
    const ref = { taskId: task.id, jobId: task.job_id, taskNumber: task.task_number, at };
    await afterCommit(trx, tenantId, { type: 'schedule.changed', ...ref, assigneeKeys: assigneeKeys(task.assignee_key, bid.subcontractor_id) });
    await afterCommit(trx, tenantId, {
      type: 'bid.changed',
      ...ref,
      assigneeKeys: assigneeKeys(bid.subcontractor_id, ...closed.map((c) => c.subcontractor_id)),
    });
  });
  return presentBid((await findBidView(db, tenantId, bid.id))!);
}

/** POST /tasks/{id}/bids/close: the sheet's second submit — every still-open request of the task closes. */
export async function closeTaskBids(db: Db, auth: Auth, taskId: string): Promise<Bid[]> {
  const tv = await taskViewer(db, auth);
  const task = await requireVisibleTask(db, tv, taskId);
  const tenantId = tv.scope.tenantId;
  const at = nowIso();
  await runTransaction(db, async (trx) => {
    const closed = await closeOpenBids(trx, tenantId, task.id, null, at);
    for (const other of closed) {
      await recordActivity(trx, tenantId, {
        jobId: task.job_id,
        entityType: 'TASK',
        entityId: task.id,
        actorId: tv.viewer.userId,
        at,
        action: 'BID_CLOSED',
        message: `Closed the bid request to ${other.name}`,
      });
    }
    if (closed.length) {
      await afterCommit(trx, tenantId, {
        type: 'bid.changed',
        taskId: task.id,
        jobId: task.job_id,
        taskNumber: task.task_number,
        assigneeKeys: assigneeKeys(...closed.map((c) => c.subcontractor_id)),
        at,
      });
    }
  });
  return (await listTaskBids(db, tenantId, task.id)).map(presentBid);
}
