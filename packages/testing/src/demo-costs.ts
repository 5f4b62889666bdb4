import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import type { CostsTable } from '@fieldwork/db/schema';
import { refreshEstimateCosts, refreshJobCosts } from '@fieldwork/db/job-costs';
import { dayKeyOf } from '@fieldwork/domain/time/calendar-time.rules';
import { activityHoursMilli, costAmountCents, type CostType } from '@fieldwork/domain/jobs/costs.rules';
import type { SeededCompany } from './demo.types.ts';

/** Hourly labor cost rates (cents) by role, varied a little per person so labor lines differ. */
const RATE_BY_ROLE: Record<string, number> = { Admin: 4200, 'Super Admin': 4500, Staff: 2800, Technician: 3000, 'Tech Access': 2900, SubContractor: 0 };
const MATERIALS = [
  ['Copper pipe 3/4in (10 ft)', 2450, 'Ferguson'],
  ['PVC fittings kit', 1875, 'Home Depot Pro'],
  ['Thermostat, programmable', 8900, 'Johnstone Supply'],
  ['Circuit breaker 20A', 1290, 'Graybar'],
  ['Roofing shingles (bundle)', 3650, 'ABC Supply'],
  ['Sealant and fasteners', 995, 'Grainger'],
  ['Condensate pump', 6425, 'Johnstone Supply'],
] as const;

export type DemoCostCounts = { actual: number; estimated: number; closedJobs: number; estimatesWithCosts: number };

type Row = Omit<Insertable<CostsTable>, 'tenant_id' | 'version' | 'amount_cents'> & { cost_type: CostType };

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

function blank(o: Partial<Row> & Pick<Row, 'cost_type' | 'cost_for' | 'cost_date' | 'created_at'>): Row {
  return {
    id: randomUUID(),
    job_id: null,
    task_id: null,
    estimate_id: null,
    invoice_id: null,
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
    notes: null,
    created_by: null,
    updated_at: o.created_at,
    ...o,
  };
}

/** The amount exactly as the API would compute it, so demo rows look like entered ones. */
function withAmount(r: Row): Insertable<CostsTable> & { amount_cents: number } {
  const result = costAmountCents({
    costType: r.cost_type,
    quantityMilli: r.quantity_milli ?? null,
    rateCents: r.rate_cents ?? null,
    milesMilli: r.miles_milli ?? null,
    mileRateCents: r.mile_rate_cents ?? null,
    amountCents: null,
  });
  if (!result.ok) throw new Error(result.message);
  return { ...r, tenant_id: '', version: 1, amount_cents: result.cents };
}

/**
 * Every person gets an hourly cost rate; every CLOSED job gets realistic actual costs — labor from its
 * finished work periods (the worker and each assistant, a few hours otherwise), materials and a vehicle line
 * (the period's vehicle, or the company's first) — and every other approved estimate gets estimated costs, so
 * the dashboard's margins and the Costs tab's estimate-vs-actual mean something. Totals are recomputed like the
 * API does, in the same transaction.
 */
export async function seedDemoCosts(db: Db, company: SeededCompany, now: Date, timeZone: string): Promise<DemoCostCounts> {
  const tenantId = company.tenantId;
  const adminId = Object.values(company.userIds)[0] ?? null;
  const out: DemoCostCounts = { actual: 0, estimated: 0, closedJobs: 0, estimatesWithCosts: 0 };
  await db.transaction().execute(async (trx) => {
    const users = await trx.selectFrom('users').select(['id', 'role']).where('tenant_id', '=', tenantId).orderBy('created_at').execute();
    const rate = new Map<string, number>();
    for (const [i, u] of users.entries()) {
      const cents = (RATE_BY_ROLE[u.role] ?? 2500) + (i % 4) * 150;
      rate.set(u.id, cents);
      await trx.updateTable('users').set({ cost_rate_cents: cents }).where('tenant_id', '=', tenantId).where('id', '=', u.id).execute();
    }
    const technicians = users.filter((u) => u.role === 'Technician').map((u) => u.id);
    const vehicles = await trx
      .selectFrom('vehicles')
      .select(['id', 'hourly_cost_cents', 'mile_cost_cents'])
      .where('tenant_id', '=', tenantId)
      .orderBy('created_at')
      .execute();
    const vehicleById = new Map(vehicles.map((v) => [v.id, v]));
    const jobs = await trx
      .selectFrom('jobs')
      .select(['id', 'created_at', 'updated_at'])
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'CLOSED')
      .orderBy('job_number')
      .execute();
    const rows: (Insertable<CostsTable> & { amount_cents: number })[] = [];
    for (const [j, job] of jobs.entries()) {
      // A closed job's bills are dated when it was last worked on (never in the future of the demo clock).
      const day = dayKeyOf(job.updated_at < now.toISOString() ? job.updated_at : now, timeZone);
      const at = job.updated_at;
      const periods = await trx
        .selectFrom('task_activities')
        .select(['id', 'task_id', 'user_id', 'vehicle_id', 'start_time', 'end_time'])
        .where('tenant_id', '=', tenantId)
        .where('job_id', '=', job.id)
        .where('end_time', 'is not', null)
        .orderBy('start_time')
        .execute();
      let usedVehicle = false;
      for (const p of periods) {
        const hours = activityHoursMilli(p.start_time, p.end_time!);
        if (hours === 0) continue;
        const assistants = await trx
          .selectFrom('task_activity_assistants')
          .select('user_id')
          .where('tenant_id', '=', tenantId)
          .where('activity_id', '=', p.id)
          .execute();
        const base = {
          cost_for: 'JOB',
          job_id: job.id,
          task_id: p.task_id,
          activity_id: p.id,
          cost_date: dayKeyOf(p.start_time, timeZone),
          created_at: p.end_time!,
          created_by: p.user_id ?? adminId,
        } as const;
        for (const who of [p.user_id, ...assistants.map((a) => a.user_id)].filter((v): v is string => !!v)) {
          rows.push(withAmount(blank({ ...base, cost_type: 'LABOR', user_id: who, unit: 'HOUR', quantity_milli: hours, rate_cents: rate.get(who) ?? 3000 })));
        }
        const v = p.vehicle_id ? vehicleById.get(p.vehicle_id) : undefined;
        if (v) {
          usedVehicle = true;
          rows.push(
            withAmount(
              blank({
                ...base,
                cost_type: 'VEHICLE',
                vehicle_id: v.id,
                unit: 'HOUR',
                quantity_milli: hours,
                rate_cents: v.hourly_cost_cents,
                miles_milli: (8 + (j % 5) * 6) * 1000,
                mile_rate_cents: v.mile_cost_cents,
              }),
            ),
          );
        }
      }
      const jobBase = { cost_for: 'JOB', job_id: job.id, cost_date: day, created_at: at, created_by: adminId } as const;
      if (!periods.length && technicians.length) {
        const who = pick(technicians, j);
        rows.push(
          withAmount(
            blank({
              ...jobBase,
              cost_type: 'LABOR',
              user_id: who,
              unit: 'HOUR',
              quantity_milli: (3 + (j % 4)) * 1000 + 500,
              rate_cents: rate.get(who) ?? 3000,
              notes: 'From the timesheet',
            }),
          ),
        );
      }
      for (let m = 0; m < 1 + (j % 3); m++) {
        const [item, unitCost, supplier] = pick(MATERIALS, j * 3 + m);
        rows.push(withAmount(blank({ ...jobBase, cost_type: 'MATERIAL', item, supplier, quantity_milli: (1 + ((j + m) % 4)) * 1000, rate_cents: unitCost })));
      }
      const v = vehicles[j % Math.max(vehicles.length, 1)];
      if (!usedVehicle && v) {
        rows.push(
          withAmount(
            blank({
              ...jobBase,
              cost_type: 'VEHICLE',
              vehicle_id: v.id,
              unit: 'HOUR',
              quantity_milli: 2000 + (j % 3) * 500,
              rate_cents: v.hourly_cost_cents,
              miles_milli: (15 + (j % 4) * 10) * 1000,
              mile_rate_cents: v.mile_cost_cents,
            }),
          ),
        );
      }
      out.closedJobs += 1;
    }
    const estimates = await trx
      .selectFrom('estimates')
      .select(['id', 'job_id', 'sub_total_cents', 'updated_at'])
      .where('tenant_id', '=', tenantId)
      .where('status', 'in', ['APPROVED', 'PAID'])
      .orderBy('estimate_number')
      .execute();
    const budgeted = estimates.filter((_e, i) => i % 2 === 0 && technicians.length);
    for (const [i, e] of budgeted.entries()) {
      const base = {
        cost_for: 'ESTIMATE',
        estimate_id: e.id,
        job_id: e.job_id,
        cost_date: dayKeyOf(e.updated_at, timeZone),
        created_at: e.updated_at,
        created_by: adminId,
      } as const;
      const who = pick(technicians, i);
      const labourRate = rate.get(who) ?? 3000;
      // A contractor budgets roughly 35% materials and 25% labor of what the customer pays.
      const labourHalfHours = Math.max(1, Math.round((Number(e.sub_total_cents) * 0.25) / labourRate / 0.5));
      rows.push(
        withAmount(
          blank({
            ...base,
            cost_type: 'MATERIAL',
            item: 'Materials allowance',
            quantity_milli: 1000,
            rate_cents: Math.round(Number(e.sub_total_cents) * 0.35),
          }),
        ),
      );
      rows.push(withAmount(blank({ ...base, cost_type: 'LABOR', user_id: who, unit: 'HOUR', quantity_milli: labourHalfHours * 500, rate_cents: labourRate })));
      out.estimatesWithCosts += 1;
    }
    for (const r of rows) {
      await trx
        .insertInto('costs')
        .values({ ...r, tenant_id: tenantId })
        .execute();
      if (r.cost_for === 'JOB') out.actual += 1;
      else out.estimated += 1;
    }
    for (const job of jobs) await refreshJobCosts(trx, tenantId, job.id);
    for (const e of budgeted) await refreshEstimateCosts(trx, tenantId, e.id);
  });
  return out;
}
