import { randomUUID } from 'node:crypto';
import type { Db, DialectName } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { runTransaction } from '@fieldwork/db/transactions';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import {
  PLAN_INVOICE_MESSAGES,
  planInvoiceDates,
  planInvoiceKey,
  planInvoiceLine,
  periodsToDraft,
  type PlanInvoiceFor,
} from '@fieldwork/domain/plans/plan-invoices.rules';
import type { BillingKind } from '@fieldwork/domain/plans/plans.rules';
import type { Recurrence } from '@fieldwork/domain/plans/recurrence.rules';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';
import type { SecretBox } from '../../lib/secret-box.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { enqueueJob } from '../background/background.service.ts';
import { findJobForDocument } from '../billing/documents.repository.ts';
import { figuresOf } from '../billing/documents.service.ts';
import { insertDocument, type BillingCtx } from '../billing/document-writes.service.ts';
import { invoiceEmailDraft, sendInvoice } from '../invoices/invoices.service.ts';
import { claimPlanInvoice, findClosedVisit, findInvoiceStatus, findPlanInvoice, heldPlanInvoiceKeys } from './plan-invoices.repository.ts';
import { findPlanRow, type PlanRow } from './plans.repository.ts';

/** What sending a drafted invoice on its own needs: the server's secret box and public origin, as a route has. */
export type PlanInvoiceDeps = { box: SecretBox; origin: () => string; demoPayments: boolean };

/** Thrown inside the draft's transaction when its visit or period has an invoice already: rolls back the number too. */
class AlreadyDrafted extends Error {}

/** The draft in one transaction — number, invoice, line, log entry and the key that holds it — or nothing. */
async function insertPlanInvoice(db: Db, plan: PlanRow, f: PlanInvoiceFor): Promise<boolean> {
  const job = await findJobForDocument(db, plan.tenant_id, plan.job_id);
  const figures = figuresOf([planInvoiceLine({ name: plan.name, planNumber: plan.plan_number, priceCents: plan.price_cents }, f)], {
    freight: 0,
    isDepositRequired: false,
    depositAmount: 0,
  });
  const dates = planInvoiceDates(f);
  const id = randomUUID();
  const shared = {
    status: 'DRAFT',
    customer_id: plan.customer_id,
    job_id: plan.job_id,
    address_id: plan.site_address_id,
    building_unit_id: job?.building_unit_id ?? null,
    billing_contact_id: null,
    site_contact_id: job?.site_contact_id ?? null,
    payment_term: null,
    due_date: dates.dueDate,
    customer_message: null,
    ...figures.columns,
  };
  const own = {
    kind: 'invoice',
    columns: { invoice_date: dates.invoiceDate, paid_cents: 0, previous_invoice_number: null, converted_from_estimate_id: null },
  } as const;
  try {
    await runTransaction(db, async (trx) => {
      await insertDocument(
        trx,
        { viewer: { tenantId: plan.tenant_id, userId: null } },
        {
          id,
          shared,
          own,
          lines: figures.lines,
          message: (n) => PLAN_INVOICE_MESSAGES.drafted(n, plan.plan_number, plan.billing as BillingKind),
        },
      );
      if (!(await claimPlanInvoice(trx, plan.tenant_id, plan.id, planInvoiceKey(f), id, nowIso()))) throw new AlreadyDrafted();
    });
    return true;
  } catch (error) {
    if (error instanceof AlreadyDrafted) return false;
    throw error;
  }
}

/**
 * A plan set to send its invoices on its own sends a fresh draft to the customer's first contact with an email
 * (the billing contact first), as the office's Send would — acting as the person who created the plan. When it
 * cannot (no address, the company's email not confirmed), the draft stays and the job's log says why.
 */
async function autoSend(db: Db, dialect: DialectName, deps: PlanInvoiceDeps, plan: PlanRow, invoiceId: string, invoiceNumber: number): Promise<void> {
  if (!plan.created_by) return;
  const ctx: BillingCtx = {
    db,
    dialect,
    viewer: { tenantId: plan.tenant_id, userId: plan.created_by, role: 'Admin', access: 'fullAccess' },
    timeZone: plan.time_zone,
    box: deps.box,
    origin: deps.origin(),
    demoPayments: deps.demoPayments,
  };
  const to = (await invoiceEmailDraft(ctx, invoiceId, true)).suggestions[0]?.email;
  let reason: string | null = to ? null : PLAN_INVOICE_MESSAGES.noRecipient;
  if (to) {
    try {
      await sendInvoice(ctx, invoiceId, { email: { to: [to] } });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Sent meanwhile (by the office, or a second run): nothing is left to do.
      if ((await findInvoiceStatus(db, plan.tenant_id, invoiceId)) !== 'DRAFT') return;
      reason = error.message;
    }
  }
  if (reason)
    await runTransaction(db, (trx) =>
      recordActivity(trx, plan.tenant_id, {
        jobId: plan.job_id,
        entityType: 'INVOICE',
        entityId: invoiceId,
        action: 'INVOICE_UPDATED',
        message: PLAN_INVOICE_MESSAGES.notSent(invoiceNumber, reason),
        actorId: null,
      }),
    );
}

/**
 * Drafts the invoice of one visit or period, unless it has one; then, when the plan sends its invoices on its own
 * and the invoice is still a draft, sends it. Safe to run twice: the key holds one invoice, and sending moves it
 * from Draft only once.
 */
export async function draftPlanInvoice(db: Db, dialect: DialectName, deps: PlanInvoiceDeps, plan: PlanRow, f: PlanInvoiceFor): Promise<void> {
  const fresh = await insertPlanInvoice(db, plan, f);
  if (!plan.auto_send) return;
  const held = await findPlanInvoice(db, plan.tenant_id, plan.id, planInvoiceKey(f));
  if (!held || held.status !== 'DRAFT' || !fresh) return;
  await autoSend(db, dialect, deps, plan, held.id, held.invoice_number);
}

/** A per-period plan's drafts due by today (up to two weeks ahead of each period): the daily run calls this. */
export async function draftDuePeriodInvoices(db: Db, dialect: DialectName, deps: PlanInvoiceDeps, plan: PlanRow, now: Date): Promise<number> {
  if (plan.status !== 'active') return 0;
  const recurrence = JSON.parse(plan.recurrence) as Recurrence;
  const due = periodsToDraft(plan.billing as BillingKind, recurrence, dayIn(plan.created_at, plan.time_zone), dayIn(now, plan.time_zone));
  const held = await heldPlanInvoiceKeys(db, plan.tenant_id, plan.id, due.map(planInvoiceKey));
  let drafted = 0;
  for (const period of due) {
    if (held.has(planInvoiceKey(period))) continue;
    await draftPlanInvoice(db, dialect, deps, plan, period);
    drafted++;
  }
  return drafted;
}

/** In the transaction that closes a plan's visit: its per-visit invoice is drafted by the worker. */
export async function planVisitClosed(trx: Db, tenantId: string, taskId: string): Promise<void> {
  await enqueueJob(trx, tenantId, 'plans.invoice', { taskId }, { dedupeKey: `plan-invoice:${taskId}` });
}

/** The worker's side of planVisitClosed: a per-visit plan's invoice for the visit, dated the day it closed. */
export async function draftVisitInvoice(db: Db, dialect: DialectName, deps: PlanInvoiceDeps, tenantId: string, taskId: string): Promise<void> {
  const visit = await findClosedVisit(db, tenantId, taskId);
  if (!visit?.plan_id) return;
  const plan = await findPlanRow(db, tenantId, visit.plan_id);
  if (!plan || plan.billing !== 'per_visit') return;
  const date = dayIn(visit.end_at ?? visit.closed_at ?? nowIso(), plan.time_zone);
  await draftPlanInvoice(db, dialect, deps, plan, { kind: 'visit', taskId, date });
}
