import type { Db } from '@fieldwork/db/connection';
import type { PlanStatus } from '@fieldwork/domain/plans/plans.rules';
import type { Period } from './dashboard-money.repository.ts';

/** Service plan aggregates of the dashboard, tenant first. */

const n = (v: unknown) => Number(v ?? 0);

/** The company's plans by status: one range of the (tenant_id, status, created_at) index, no table rows read. */
export async function planCountsByStatus(db: Db, tenantId: string): Promise<Map<PlanStatus, number>> {
  const rows = await db
    .selectFrom('service_plans')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status as PlanStatus, n(r.n)]));
}

/** The stored yearly values of the plans that generate visits (the active ones), summed in the database. */
export async function storedRecurringRevenue(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('service_plans')
    .select((eb) => eb.fn.sum<number>('yearly_value_cents').as('cents'))
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return n(row?.cents);
}

/** The terms of active plans saved before yearly values were stored: their value is worked out on the fly. */
export function activePlanTermsUnvalued(db: Db, tenantId: string) {
  return db
    .selectFrom('service_plans')
    .select(['billing', 'price_cents', 'recurrence'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'active')
    .where('yearly_value_cents', 'is', null)
    .execute();
}

/**
 * Visits of any plan starting in [start, end), by lifecycle, cancelled ones left out: one range of the
 * (tenant_id, start_at) index, keeping the rows that belong to a plan.
 */
export async function planVisitCounts(db: Db, tenantId: string, p: Pick<Period, 'start' | 'end'>): Promise<{ due: number; done: number }> {
  const rows = await db
    .selectFrom('tasks')
    .select(['lifecycle', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('start_at', '>=', p.start)
    .where('start_at', '<', p.end)
    .where('plan_id', 'is not', null)
    .where('lifecycle', '<>', 'CANCELLED')
    .groupBy('lifecycle')
    .execute();
  return {
    due: rows.reduce((s, r) => s + n(r.n), 0),
    done: rows.filter((r) => r.lifecycle === 'CLOSED').reduce((s, r) => s + n(r.n), 0),
  };
}
