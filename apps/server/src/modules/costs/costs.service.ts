import { randomUUID } from 'node:crypto';
import type { CostsTable } from '@fieldwork/db/schema';
import { lockEstimateForCosts, lockJobForCosts, refreshEstimateCosts, refreshJobCosts } from '@fieldwork/db/job-costs';
import { isUniqueViolation, nowIso } from '@fieldwork/db/sql-helpers';
import type { Db } from '@fieldwork/db/connection';
import { todayKey } from '@fieldwork/domain/time/calendar-time.rules';
import { COST_MESSAGES, COST_TYPE_LABELS, costAmountCents, type CostType } from '@fieldwork/domain/jobs/costs.rules';
import type { Cost, CreateCostBody, UpdateCostBody } from '@fieldwork/domain/jobs/costs.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { formatCents } from '@fieldwork/domain/common/money.rules';
import { recordActivity } from '../activity/activity.repository.ts';
import { requireCostChange, requireOfficeWrite, taskForCosts, type CostCtx } from './costs-access.ts';
import { toCostDto } from './costs.presenter.ts';
import {
  deleteCostRow,
  findActivityRef,
  findBidRef,
  findCost,
  findEstimateRef,
  findInvoiceRef,
  findJobRef,
  findSubcontractorRef,
  findUserRef,
  findVehicleRef,
  insertCost,
  updateCostRow,
  type CostRow,
} from './costs.repository.ts';

/** An update body is a create body plus its version. */
type CostInput = CreateCostBody;
type Links = Pick<CostsTable, 'cost_for' | 'job_id' | 'task_id' | 'estimate_id' | 'invoice_id'>;
type TypeColumns = Pick<
  CostsTable,
  | 'activity_id'
  | 'user_id'
  | 'vehicle_id'
  | 'subcontractor_id'
  | 'bid_id'
  | 'item'
  | 'supplier'
  | 'description'
  | 'unit'
  | 'quantity_milli'
  | 'rate_cents'
  | 'miles_milli'
  | 'mile_rate_cents'
>;

const missing = (what: string) => new AppError('NOT_FOUND', `${what} not found.`);
const invalid = (message: string) => new AppError('VALIDATION_FAILED', [message]);

export async function requireCost(db: Db, tenantId: string, id: string): Promise<CostRow> {
  const row = await findCost(db, tenantId, id);
  if (!row) throw new AppError('NOT_FOUND', COST_MESSAGES.notFound);
  return row;
}

/**
 * The job, task, estimate and invoice a cost hangs on, all of this company (another's reads as missing) and
 * consistent with each other; and whether this viewer may add a cost there (costs-access.ts).
 */
async function resolveLinks(ctx: CostCtx, body: CostInput): Promise<Links> {
  const { db } = ctx;
  const t = ctx.auth.viewer.tenantId;
  if (body.costFor === 'ESTIMATE') {
    requireOfficeWrite(ctx);
    const est = await findEstimateRef(db, t, body.estimateId!);
    if (!est) throw missing('Estimate');
    if (body.jobId && body.jobId !== est.job_id) throw invalid(COST_MESSAGES.estimateOtherJob);
    return { cost_for: 'ESTIMATE', job_id: est.job_id, task_id: null, estimate_id: est.id, invoice_id: null };
  }
  const job = await findJobRef(db, t, body.jobId!);
  if (!job) throw missing('Job');
  if (body.taskId) {
    const task = await taskForCosts(ctx, body.taskId, 'add');
    if (task.job_id !== job.id) throw invalid(COST_MESSAGES.taskOtherJob);
  } else {
    requireOfficeWrite(ctx);
  }
  if (body.estimateId) {
    const est = await findEstimateRef(db, t, body.estimateId);
    if (!est) throw missing('Estimate');
    if (est.job_id !== job.id) throw invalid(COST_MESSAGES.estimateOtherJob);
  }
  if (body.invoiceId) {
    const inv = await findInvoiceRef(db, t, body.invoiceId);
    if (!inv) throw missing('Invoice');
    if (inv.job_id !== job.id) throw invalid(COST_MESSAGES.invoiceOtherJob);
  }
  return { cost_for: 'JOB', job_id: job.id, task_id: body.taskId ?? null, estimate_id: body.estimateId ?? null, invoice_id: body.invoiceId ?? null };
}

/** A suggested line's work period: this company's, on this task, finished, and worked by this person or vehicle. */
async function checkActivity(ctx: CostCtx, activityId: string, taskId: string | null, who: { userId?: string; vehicleId?: string }) {
  if (!taskId) throw invalid(COST_MESSAGES.activityNeedsTask);
  const a = await findActivityRef(ctx.db, ctx.auth.viewer.tenantId, activityId);
  if (!a) throw missing('Work period');
  if (a.task_id !== taskId) throw invalid(COST_MESSAGES.activityOtherTask);
  if (!a.end_time) throw new AppError('CONFLICT', COST_MESSAGES.activityNotFinished);
  if (who.userId && a.user_id !== who.userId && !a.assistants.includes(who.userId)) throw invalid(COST_MESSAGES.activityOtherPerson);
  if (who.vehicleId && a.vehicle_id !== who.vehicleId) throw invalid(COST_MESSAGES.activityOtherVehicle);
}

const blank: TypeColumns = {
  activity_id: null,
  user_id: null,
  vehicle_id: null,
  subcontractor_id: null,
  bid_id: null,
  item: null,
  supplier: null,
  description: null,
  unit: null,
  quantity_milli: null,
  rate_cents: null,
  miles_milli: null,
  mile_rate_cents: null,
};

/** Each type's own fields: referenced records checked, rates defaulted from the person or the vehicle. */
async function resolveType(ctx: CostCtx, body: CostInput, taskId: string | null): Promise<TypeColumns & { amount: number | null }> {
  const { db } = ctx;
  const t = ctx.auth.viewer.tenantId;
  switch (body.costType) {
    case 'LABOR': {
      const user = await findUserRef(db, t, body.userId);
      if (!user) throw missing('User');
      if (body.activityId) await checkActivity(ctx, body.activityId, taskId, { userId: user.id });
      const rate = body.hourlyRate ?? Number(user.cost_rate_cents);
      return { ...blank, amount: null, user_id: user.id, activity_id: body.activityId ?? null, unit: 'HOUR', quantity_milli: body.hours, rate_cents: rate };
    }
    case 'VEHICLE': {
      const vehicle = await findVehicleRef(db, t, body.vehicleId);
      if (!vehicle) throw missing('Vehicle');
      if (body.activityId) await checkActivity(ctx, body.activityId, taskId, { vehicleId: vehicle.id });
      return {
        ...blank,
        amount: null,
        vehicle_id: vehicle.id,
        activity_id: body.activityId ?? null,
        unit: 'HOUR',
        quantity_milli: body.hours,
        rate_cents: body.hourlyRate ?? Number(vehicle.hourly_cost_cents),
        miles_milli: body.miles,
        mile_rate_cents: body.mileRate ?? Number(vehicle.mile_cost_cents),
      };
    }
    case 'MATERIAL':
      return { ...blank, amount: null, item: body.item, supplier: body.supplier ?? null, quantity_milli: body.quantity, rate_cents: body.unitCost };
    case 'EQUIPMENT':
      return { ...blank, amount: null, item: body.item, unit: body.unit, quantity_milli: body.quantity, rate_cents: body.rate };
    case 'SUBCONTRACTOR': {
      const sub = await findSubcontractorRef(db, t, body.subcontractorId);
      if (!sub) throw missing('Subcontractor');
      if (body.bidId) {
        const bid = await findBidRef(db, t, body.bidId);
        if (!bid) throw missing('Bid');
        if (bid.subcontractor_id !== sub.id) throw invalid(COST_MESSAGES.bidOtherSubcontractor);
      }
      return { ...blank, amount: body.amount, subcontractor_id: sub.id, bid_id: body.bidId ?? null };
    }
    case 'OTHER':
      return { ...blank, amount: body.amount, description: body.description };
  }
}

async function columnsOf(ctx: CostCtx, body: CostInput) {
  const links = await resolveLinks(ctx, body);
  const { amount, ...typed } = await resolveType(ctx, body, links.task_id);
  const result = costAmountCents({
    costType: body.costType,
    quantityMilli: typed.quantity_milli,
    rateCents: typed.rate_cents,
    milesMilli: typed.miles_milli,
    mileRateCents: typed.mile_rate_cents,
    amountCents: amount,
  });
  if (!result.ok) throw invalid(result.message);
  return {
    ...links,
    ...typed,
    cost_type: body.costType,
    amount_cents: result.cents,
    cost_date: body.date ?? todayKey(ctx.auth.timeZone),
    notes: body.notes ?? null,
  };
}

const uniq = (ids: (string | null)[]) => [...new Set(ids.filter((v): v is string => !!v))].sort();

/**
 * One cost change and the totals it moves, in one transaction: the affected jobs and estimates are locked
 * first (in id order, so two changes never wait on each other crosswise), then the write, then the recompute.
 * A second confirmation of the same work period hits the partial unique index: 409.
 */
async function inTotalsTransaction(ctx: CostCtx, before: Links | null, after: Links | null, write: (trx: Db) => Promise<void>): Promise<void> {
  const t = ctx.auth.viewer.tenantId;
  const jobs = uniq([before?.cost_for === 'JOB' ? before.job_id : null, after?.cost_for === 'JOB' ? after.job_id : null]);
  const estimates = uniq([before?.cost_for === 'ESTIMATE' ? before.estimate_id : null, after?.cost_for === 'ESTIMATE' ? after.estimate_id : null]);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      for (const id of jobs) await lockJobForCosts(trx, t, id, ctx.dialect);
      for (const id of estimates) await lockEstimateForCosts(trx, t, id, ctx.dialect);
      await write(trx);
      for (const id of jobs) await refreshJobCosts(trx, t, id);
      for (const id of estimates) await refreshEstimateCosts(trx, t, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', COST_MESSAGES.alreadyCosted);
    throw error;
  }
}

const describe = (type: string, cents: number) => `${COST_TYPE_LABELS[type as CostType] ?? type} cost of ${formatCents(cents)}`;

export async function createCost(ctx: CostCtx, body: CreateCostBody): Promise<Cost> {
  const { viewer } = ctx.auth;
  const columns = await columnsOf(ctx, body);
  const id = randomUUID();
  const at = nowIso();
  await inTotalsTransaction(ctx, null, columns, async (trx) => {
    await insertCost(trx, viewer.tenantId, { id, ...columns, created_by: viewer.userId, created_at: at, updated_at: at });
    await recordActivity(trx, viewer.tenantId, {
      jobId: columns.job_id,
      entityType: 'COST',
      entityId: id,
      action: 'COST_ADDED',
      message: `${describe(columns.cost_type, columns.amount_cents)} added`,
      actorId: viewer.userId,
      at,
    });
  });
  return toCostDto(await requireCost(ctx.db, viewer.tenantId, id));
}

export async function updateCost(ctx: CostCtx, id: string, body: UpdateCostBody): Promise<Cost> {
  const { viewer } = ctx.auth;
  const before = await requireCost(ctx.db, viewer.tenantId, id);
  await requireCostChange(ctx, before);
  const columns = await columnsOf(ctx, body);
  const at = nowIso();
  await inTotalsTransaction(ctx, before, columns, async (trx) => {
    if (!(await updateCostRow(trx, viewer.tenantId, id, body.version, { ...columns, updated_at: at }))) throw new AppError('STALE_VERSION');
    const changes =
      before.amount_cents === columns.amount_cents
        ? []
        : [{ field: 'amount', oldValue: formatCents(Number(before.amount_cents)), newValue: formatCents(columns.amount_cents) }];
    await recordActivity(trx, viewer.tenantId, {
      jobId: columns.job_id,
      entityType: 'COST',
      entityId: id,
      action: 'COST_UPDATED',
      message: `${describe(columns.cost_type, columns.amount_cents)} updated`,
      actorId: viewer.userId,
      changes,
      at,
    });
  });
  return toCostDto(await requireCost(ctx.db, viewer.tenantId, id));
}

/** DELETE /cost/{id}?costType=: the type, when sent, must be the cost's (another reads as missing). */
export async function deleteCost(ctx: CostCtx, id: string, costType: CostType | undefined): Promise<void> {
  const { viewer } = ctx.auth;
  const before = await requireCost(ctx.db, viewer.tenantId, id);
  if (costType && before.cost_type !== costType) throw new AppError('NOT_FOUND', COST_MESSAGES.notFound);
  await requireCostChange(ctx, before);
  await inTotalsTransaction(ctx, before, null, async (trx) => {
    if (!(await deleteCostRow(trx, viewer.tenantId, id))) throw new AppError('NOT_FOUND', COST_MESSAGES.notFound);
    await recordActivity(trx, viewer.tenantId, {
      jobId: before.job_id,
      entityType: 'COST',
      entityId: id,
      action: 'COST_DELETED',
      message: `${describe(before.cost_type, Number(before.amount_cents))} deleted`,
      actorId: viewer.userId,
    });
  });
}
