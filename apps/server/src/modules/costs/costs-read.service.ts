import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { pagination } from '@fieldwork/domain/common/common.schemas';
import { dayKeyOf } from '@fieldwork/domain/time/calendar-time.rules';
import { activityHoursMilli, analyseJobCosts, costTotals, type CostType } from '@fieldwork/domain/jobs/costs.rules';
import type { Cost, CostAnalysis, CostExportQuery, CostListQuery, CostSuggestions } from '@fieldwork/domain/jobs/costs.schemas';
import { centsToDollars, lineTotalCents } from '@fieldwork/domain/common/money.rules';
import { can } from '@fieldwork/domain/access/roles.rules';
import { requireCostRead, taskForCosts, type CostCtx } from './costs-access.ts';
import { toCostDto, toCsv, toSummaryDto } from './costs.presenter.ts';
import { allCosts, finishedActivities, findEstimateRef, findJobRef, jobCostSums, jobRevenue, listCosts } from './costs.repository.ts';
import { requireCost } from './costs.service.ts';

export async function getCost(ctx: CostCtx, id: string): Promise<Cost> {
  const row = await requireCost(ctx.db, ctx.auth.viewer.tenantId, id);
  await requireCostRead(ctx, row);
  return toCostDto(row);
}

/**
 * GET /cost/list. The office lists any costs; anyone else must name a task they may see costs of, and then
 * sees only that task's actual costs.
 */
export async function listCostsPage(ctx: CostCtx, q: CostListQuery) {
  const t = ctx.auth.viewer.tenantId;
  let filter: CostListQuery = q;
  if (!can(ctx.auth.viewer, 'costs.read')) {
    if (!q.taskId) throw new AppError('FORBIDDEN');
    await taskForCosts(ctx, q.taskId, 'read');
    filter = { ...q, costFor: 'JOB' };
  }
  const { rows, total } = await listCosts(ctx.db, t, filter, q.page, q.limit);
  return { data: rows.map(toCostDto), pagination: pagination(total, q.page, q.limit) };
}

/** GET /cost: every cost of a job or an estimate with its totals, or the same rows as CSV. */
export async function exportCosts(ctx: CostCtx, q: CostExportQuery) {
  const t = ctx.auth.viewer.tenantId;
  if (q.jobId && !(await findJobRef(ctx.db, t, q.jobId))) throw new AppError('NOT_FOUND', 'Job not found.');
  if (q.estimateId && !(await findEstimateRef(ctx.db, t, q.estimateId))) throw new AppError('NOT_FOUND', 'Estimate not found.');
  const rows = await allCosts(ctx.db, t, q);
  if (q.format === 'csv') return { csv: toCsv(rows) };
  const items = rows.map(toCostDto);
  const totals = costTotals(rows.map((r) => ({ costType: r.cost_type as CostType, amountCents: Number(r.amount_cents) })));
  return { json: { data: { ...toSummaryDto(totals), items } } };
}

const byType = (rows: { cost_type: string; n: number; cents: number | null }[]) =>
  rows.map((r) => ({ costType: r.cost_type as CostType, amountCents: Number(r.cents ?? 0), count: Number(r.n) }));

/** GET /cost/analysis/{jobId}: the Costs tab — actual vs estimated per category, revenue and margin. */
export async function analyseJob(ctx: CostCtx, jobId: string): Promise<CostAnalysis> {
  const t = ctx.auth.viewer.tenantId;
  if (!(await findJobRef(ctx.db, t, jobId))) throw new AppError('NOT_FOUND', 'Job not found.');
  const sums = await jobCostSums(ctx.db, t, jobId);
  const revenue = await jobRevenue(ctx.db, t, jobId);
  const a = analyseJobCosts({
    actual: byType(sums.actual),
    estimated: byType(sums.estimated),
    invoicedSubtotalCents: revenue.invoiced,
    approvedEstimatesSubtotalCents: revenue.approved,
  });
  const money = (f: Record<string, number>) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, centsToDollars(v)])) as CostAnalysis['estimated'];
  return {
    jobId,
    ...toSummaryDto(a.actual),
    estimated: money(a.estimatedCents),
    variance: money(a.varianceCents),
    revenue: centsToDollars(a.revenueCents),
    revenueSource: a.revenueSource,
    margin: centsToDollars(a.marginCents),
    marginPercentage: a.marginPercentage,
  };
}

/**
 * GET /cost/suggestions?taskId: prefilled lines from the task's finished work periods — the worker and each
 * assistant at their cost rate, the vehicle at its hourly rate — leaving out what is already a cost.
 */
export async function costSuggestions(ctx: CostCtx, taskId: string): Promise<CostSuggestions> {
  const t = ctx.auth.viewer.tenantId;
  const task = await taskForCosts(ctx, taskId, 'add');
  const { periods, assistants, costed } = await finishedActivities(ctx.db, t, taskId);
  const done = new Set(costed.map((c) => `${c.activity_id}:${c.cost_type}:${c.cost_type === 'LABOR' ? c.user_id : c.vehicle_id}`));
  const labor: CostSuggestions['labor'] = [];
  const vehicle: CostSuggestions['vehicle'] = [];
  for (const p of periods) {
    const end = p.end_time!;
    const hoursMilli = activityHoursMilli(p.start_time, end);
    const base = { activityId: p.id, date: dayKeyOf(p.start_time, ctx.auth.timeZone), startTime: p.start_time, endTime: end, hours: hoursMilli / 1000 };
    const line = (rateCents: number) => ({
      ...base,
      hourlyRate: centsToDollars(rateCents),
      amount: centsToDollars(Number(lineTotalCents(hoursMilli, rateCents))),
    });
    const workers = [
      ...(p.user_id ? [{ id: p.user_id, name: p.user_name ?? '', rate: Number(p.cost_rate_cents ?? 0), role: 'ASSIGNEE' as const }] : []),
      ...assistants
        .filter((a) => a.activity_id === p.id)
        .map((a) => ({ id: a.user_id, name: a.name, rate: Number(a.cost_rate_cents), role: 'ASSISTANT' as const })),
    ];
    for (const w of workers) {
      if (done.has(`${p.id}:LABOR:${w.id}`)) continue;
      labor.push({ ...line(w.rate), costType: 'LABOR', user: { id: w.id, name: w.name }, role: w.role });
    }
    if (p.vehicle_id && !done.has(`${p.id}:VEHICLE:${p.vehicle_id}`)) {
      vehicle.push({
        ...line(Number(p.hourly_cost_cents ?? 0)),
        costType: 'VEHICLE',
        vehicle: { id: p.vehicle_id, name: p.vehicle_name ?? '' },
        miles: 0,
        mileRate: centsToDollars(Number(p.mile_cost_cents ?? 0)),
      });
    }
  }
  return { taskId, jobId: task.job_id, labor, vehicle };
}
