import { TZDate } from '@date-fns/tz';
import { centsToDollars, lineTotalCents, PERCENT_SCALE, QTY_SCALE, taxCentsAt } from '@fieldwork/domain/common/money.rules';
import { canMovePlan, yearlyValue, type BillingKind, type PlanStatus } from '@fieldwork/domain/plans/plans.rules';
import type { Plan, PlanVisit, VisitTemplateBody } from '@fieldwork/domain/plans/plans.schemas';
import { describeRecurrence } from '@fieldwork/domain/plans/recurrence-words.rules';
import type { Recurrence } from '@fieldwork/domain/plans/recurrence.rules';
import type { PlanFacts, PlanListRow } from './plans.repository.ts';

/** "Now" and the calendar year around it in the company's zone: what "this year" counts. */
export function planFacts(now: Date, timeZone: string): PlanFacts {
  const year = new TZDate(now.getTime(), timeZone).getFullYear();
  const at = (y: number) => new Date(new TZDate(y, 0, 1, 0, 0, 0, timeZone).getTime()).toISOString();
  return { now: now.toISOString(), yearStart: at(year), yearEnd: at(year + 1) };
}

/** The template's lines as documents show them (dollars, tax and total per line). */
function presentLines(lines: VisitTemplateBody['productServices']) {
  return lines.map((l, i) => {
    const amount = lineTotalCents(l.qty, l.rate);
    const tax = l.isTaxable ? taxCentsAt(amount, l.taxPercent) : 0n;
    return {
      id: String(i + 1),
      name: l.name,
      description: l.description ?? null,
      qty: l.qty / QTY_SCALE,
      rate: centsToDollars(l.rate),
      serviceId: l.serviceId ?? null,
      isTaxable: l.isTaxable,
      taxPercent: l.taxPercent / PERCENT_SCALE,
      tax: centsToDollars(Number(tax)),
      total: centsToDollars(Number(amount + tax)),
    };
  });
}

export function presentPlan(row: PlanListRow, names: Map<string, string>, now: Date): Plan {
  const recurrence = JSON.parse(row.recurrence) as Recurrence;
  const template = JSON.parse(row.visit_template) as VisitTemplateBody;
  const status = row.status as PlanStatus;
  const ref = (id: string | null) => (id ? { id, name: names.get(id) ?? '' } : null);
  return {
    id: row.id,
    planNumber: row.plan_number,
    name: row.name,
    status,
    customer: { id: row.customer_id, name: row.customer_name },
    siteAddress: { id: row.site_address_id, fullAddress: row.full_address },
    job: { id: row.job_id, jobNumber: row.job_number },
    recurrence,
    rrule: row.rrule,
    ruleText: describeRecurrence(recurrence),
    timeZone: row.time_zone,
    visitTemplate: {
      taskName: template.taskName,
      description: template.description ?? null,
      assignedTechnician: ref(template.assignedTechnicianId),
      assignedSubcontractor: ref(template.assignedSubcontractorId),
      productServices: presentLines(template.productServices),
    },
    billing: row.billing as BillingKind,
    price: centsToDollars(row.price_cents),
    autoSendInvoices: !!row.auto_send,
    renewalReminderDays: row.renewal_days,
    renewalReminderToCustomer: !!row.renewal_to_customer,
    nextVisitAt: row.next_visit_at ? new Date(row.next_visit_at).toISOString() : null,
    visitsDoneThisYear: Number(row.done_this_year ?? 0),
    visitsDueThisYear: Number(row.due_this_year ?? 0),
    yearlyValue: centsToDollars(
      row.yearly_value_cents ?? yearlyValue({ billing: row.billing as BillingKind, priceCents: row.price_cents, recurrence }, row.time_zone, now),
    ),
    needsAttention: Number(row.needs_attention ?? 0),
    actions: {
      edit: status !== 'ended',
      pause: canMovePlan(status, 'paused'),
      resume: canMovePlan(status, 'active'),
      end: canMovePlan(status, 'ended'),
      pushBack: status !== 'ended',
    },
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    version: row.version,
  };
}

type VisitRow = {
  id: string;
  task_number: number;
  plan_occurrence: string | null | undefined;
  start_at: string | null;
  expected_end_at: string | null;
  lifecycle: string;
  assigned_to: string;
  assignee_key: string | null;
  plan_attention: string | null | undefined;
  tech_name: string | null;
  sub_name: string | null;
};

export function presentPlanVisit(v: VisitRow): PlanVisit {
  const kind = v.assigned_to === 'TECHNICIAN' || v.assigned_to === 'SUBCONTRACTOR' ? v.assigned_to : null;
  return {
    id: v.id,
    taskNumber: v.task_number,
    occurrence: v.plan_occurrence ?? '',
    startAt: v.start_at ? new Date(v.start_at).toISOString() : null,
    expectedEndAt: v.expected_end_at ? new Date(v.expected_end_at).toISOString() : null,
    lifecycle: v.lifecycle,
    assignee: kind && v.assignee_key ? { kind, id: v.assignee_key, name: (kind === 'TECHNICIAN' ? v.tech_name : v.sub_name) ?? '' } : null,
    needsAttention: !!v.plan_attention && v.lifecycle === 'OPEN' && !v.assignee_key,
  };
}
