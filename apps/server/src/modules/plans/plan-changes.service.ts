import { TZDate } from '@date-fns/tz';
import type { Db } from '@fieldwork/db/connection';
import type { ServicePlansTable } from '@fieldwork/db/schema-plans';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { PLAN_MESSAGES, yearlyValue, type BillingKind } from '@fieldwork/domain/plans/plans.rules';
import type { Recurrence } from '@fieldwork/domain/plans/recurrence.rules';
import { toRRule } from '@fieldwork/domain/plans/recurrence-rrule.rules';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';
import { enqueueJob } from '../background/background.service.ts';
import { visitEnded } from '../visit-notices/visit-notices.service.ts';
import { scheduleRenewalReminder } from './plan-renewal.service.ts';
import { releaseOpenVisitsFrom, updatePlanIf, type PlanRow } from './plans.repository.ts';

export const stalePlan = () => new AppError('CONFLICT', 'This plan was changed by someone else. Reload and try again.');

/** An action applies to the plan as the office saw it: an ended plan takes none, another version is refused. */
export function requireCurrentPlan(plan: PlanRow, version: number): PlanRow {
  if (plan.version !== version) throw stalePlan();
  if (plan.status === 'ended') throw new AppError('CONFLICT', PLAN_MESSAGES.ended);
  return plan;
}

/** Midnight starting a local day, as an instant. */
export function localMidnight(day: string, timeZone: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 0, 0, 0, timeZone).getTime()).toISOString();
}
export const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
export const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** A new rule for a plan, applying "this and following" from `from`. */
export type RuleChange = { recurrence: Recurrence; from: string; changed: boolean };

/** The rule as asked, from the day asked — today in the company's zone at the earliest: the past is never remade. */
export function ruleChange(plan: PlanRow, recurrence: Recurrence, requestedFrom: string | undefined): RuleChange {
  const today = dayIn(new Date(), plan.time_zone);
  return {
    recurrence,
    from: requestedFrom && requestedFrom > today ? requestedFrom : today,
    changed: JSON.stringify(recurrence) !== plan.recurrence,
  };
}

/**
 * Saves the plan at the version read with its rule (and `patch`), re-queues its renewal reminder for the end date
 * it has now, and when the rule changed applies it "this and following": the plan's un-started visits from `from`
 * are cancelled and let go of their occurrence, their reminders withdrawn, and generation re-queued (an active
 * plan) from the day before `from`, so the new rule makes them again. Started, clocked and closed visits are never touched. Null when the plan changed meanwhile;
 * otherwise how many visits were released.
 */
export async function saveRuleFrom(
  trx: Db,
  tenantId: string,
  plan: PlanRow,
  rule: RuleChange,
  patch: Partial<ServicePlansTable>,
  at: string,
): Promise<number | null> {
  const generatedBack = rule.changed && plan.generated_through && plan.generated_through >= rule.from;
  const terms = { billing: (patch.billing ?? plan.billing) as BillingKind, priceCents: patch.price_cents ?? plan.price_cents, recurrence: rule.recurrence };
  const saved = await updatePlanIf(trx, tenantId, plan.id, plan.version, {
    ...patch,
    yearly_value_cents: yearlyValue(terms, plan.time_zone, at),
    recurrence: JSON.stringify(rule.recurrence),
    rrule: toRRule(rule.recurrence, plan.time_zone),
    starts_on: rule.recurrence.startDate,
    ends_on: rule.recurrence.endDate,
    ...(generatedBack ? { generated_through: dayBefore(rule.from) } : {}),
    updated_at: at,
  });
  if (!saved) return null;
  // The renewal reminder follows the end date and lead the plan has now (an unchanged pair queues nothing new).
  const renewalDays = 'renewal_days' in patch ? (patch.renewal_days ?? null) : plan.renewal_days;
  await scheduleRenewalReminder(
    trx,
    tenantId,
    { id: plan.id, starts_on: rule.recurrence.startDate, ends_on: rule.recurrence.endDate, renewal_days: renewalDays },
    plan.time_zone,
  );
  if (!rule.changed) return 0;
  const visits = await releaseOpenVisitsFrom(trx, tenantId, plan.id, localMidnight(rule.from, plan.time_zone), at);
  for (const visit of visits) await visitEnded(trx, tenantId, visit.id);
  if (plan.status === 'active') await enqueueJob(trx, tenantId, 'plans.generate', { planId: plan.id });
  return visits.length;
}
