import { runTransaction } from '@fieldwork/db/transactions';
import { renderText, type TextTemplateKind } from '@fieldwork/domain/texts/text-templates.rules';
import { visitDateTime } from '@fieldwork/domain/texts/text-timing.rules';
import { DEFAULT_TEXT_COUNTRY, toE164 } from '@fieldwork/domain/texts/texts.rules';
import { assignmentNoticeText, noticeKeys } from '@fieldwork/domain/texts/visit-notices.rules';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { JobContext, JobHandler } from '../background/background-worker.ts';
import { queueEmail } from '../messages/messages.service.ts';
import { issueInvoiceLinkForText } from '../portal-core/portal-links.service.ts';
import { findTextAccount } from '../texts/text-accounts.repository.ts';
import { isOptedOut } from '../texts/text-messages.repository.ts';
import { loadTextPrefs } from '../texts/text-preferences.service.ts';
import { quietHoursEnd, queueText } from '../texts/texts.service.ts';
import { issueVisitLink } from '../visits/visit-links.service.ts';
import { claimNotice, findClosedJobFacts, findJobInvoice, findVisitFacts, type VisitFacts } from './visit-notices.repository.ts';
import type { VisitNoticePayload } from './visit-notices.service.ts';

export type VisitNoticeDeps = { box: SecretBox; origin: () => string };

const firstName = (name: string | null) => (name ?? '').trim().split(/\s+/)[0] || null;

/**
 * The contact's number if it can take texts and did not reply STOP. A company without Twilio still gets the text
 * recorded, as "not sent", so the office sees what would have gone out.
 */
async function textableNumber(ctx: JobContext, mobile: string | null): Promise<string | null> {
  const account = await findTextAccount(ctx.db, ctx.tenantId);
  const to = toE164(mobile, account?.country ?? DEFAULT_TEXT_COUNTRY);
  return to && !(await isOptedOut(ctx.db, ctx.tenantId, to)) ? to : null;
}

/**
 * The customer's reminder or booking confirmation, rendered now with the company's current wording. Nothing goes
 * when the visit changed since the job was queued (a later schedule has its own reminder), when it is no longer
 * open, when the company turned the kind off, or when the contact cannot be texted. A reminder that quiet hours
 * would hold past the visit's start is dropped: it would arrive after the technician.
 */
async function visitText(ctx: JobContext, deps: VisitNoticeDeps, visit: VisitFacts, p: VisitNoticePayload & { taskId: string }) {
  if (visit.lifecycle !== 'OPEN' || !visit.start_at) return;
  const prefs = await loadTextPrefs(ctx.db, ctx.tenantId);
  const kind: TextTemplateKind = p.notice === 'reminder' ? 'reminder' : 'booking_confirmation';
  if (p.notice === 'reminder' && (!prefs.remindersOn || !visit.assignee_key || visit.schedule_version !== p.scheduleVersion)) return;
  if (p.notice === 'booking_confirmation' && !prefs.bookingConfirmation) return;
  const to = await textableNumber(ctx, visit.contact_mobile);
  if (!to) return;
  const held = await quietHoursEnd(ctx.db, ctx.tenantId, kind, new Date().toISOString());
  if (kind === 'reminder' && held && held >= visit.start_at) return;
  const key = p.notice === 'reminder' ? noticeKeys.reminder(visit.id, p.scheduleVersion) : noticeKeys.booking(visit.id);
  const values = {
    companyName: visit.company_name,
    customerName: visit.contact_name,
    technicianName: firstName(visit.tech_name ?? visit.sub_name),
    ...visitDateTime(visit.start_at, visit.time_zone),
  };
  await runTransaction(ctx.db, async (trx) => {
    if (!(await claimNotice(trx, ctx.tenantId, key))) return;
    const link = await issueVisitLink(trx, ctx.tenantId, { taskId: visit.id }, deps.origin());
    const body = renderText(kind, prefs.templates, { ...values, link });
    const refs = { customerId: visit.customer_id, jobId: visit.job_id, taskId: visit.id };
    await queueText(trx, ctx.tenantId, deps.origin(), { kind, to, body, refs, createdBy: null });
  });
}

/**
 * The technician hears of a task that became theirs or moved, by the channel they chose. Only the latest change
 * is told (an older job finds the task at a newer version and does nothing); "text" without Twilio or without a
 * number that takes texts falls back to email rather than silence.
 */
async function assignmentNotice(ctx: JobContext, deps: VisitNoticeDeps, visit: VisitFacts, p: VisitNoticePayload & { notice: 'assignment' }) {
  if (visit.version !== p.version || visit.lifecycle !== 'OPEN' || !visit.start_at || !visit.assigned_user_id) return;
  if (visit.assignment_notice === 'off') return;
  const body = assignmentNoticeText({
    companyName: visit.company_name,
    taskNumber: visit.task_number,
    taskName: visit.name,
    customerName: visit.customer_name,
    ...visitDateTime(visit.start_at, visit.time_zone),
    moved: p.moved,
  });
  const texting = visit.assignment_notice === 'text' && !!(await findTextAccount(ctx.db, ctx.tenantId));
  const to = texting ? await textableNumber(ctx, visit.tech_phone) : null;
  if (!to && !visit.tech_email) return;
  await runTransaction(ctx.db, async (trx) => {
    if (!(await claimNotice(trx, ctx.tenantId, noticeKeys.assignment(visit.id, p.version)))) return;
    if (to) {
      await queueText(trx, ctx.tenantId, deps.origin(), { kind: 'assignment', to, body, refs: { jobId: visit.job_id, taskId: visit.id }, createdBy: null });
      return;
    }
    await queueEmail(
      { db: trx, tenantId: ctx.tenantId, box: deps.box },
      {
        kind: 'task_notice',
        to: [visit.tech_email!],
        subject: `Task #${visit.task_number} ${p.moved ? 'moved' : 'assigned to you'}`,
        content: { message: body },
        refs: { jobId: visit.job_id, userId: visit.assigned_user_id },
        createdBy: null,
      },
    );
  });
}

/** The site contact's "job completed" text, with a personal link to the job's invoice when there is one to pay. */
async function jobCompletedText(ctx: JobContext, deps: VisitNoticeDeps, jobId: string) {
  const job = await findClosedJobFacts(ctx.db, ctx.tenantId, jobId);
  const prefs = await loadTextPrefs(ctx.db, ctx.tenantId);
  if (!job || job.status !== 'CLOSED' || !prefs.jobCompleted) return;
  const to = await textableNumber(ctx, job.contact_mobile);
  if (!to) return;
  const invoice = job.contact_email ? await findJobInvoice(ctx.db, ctx.tenantId, jobId) : undefined;
  await runTransaction(ctx.db, async (trx) => {
    if (!(await claimNotice(trx, ctx.tenantId, noticeKeys.jobCompleted(jobId)))) return;
    const origin = deps.origin();
    const ctxLink = { tenantId: ctx.tenantId, timeZone: job.time_zone, origin };
    const link = invoice
      ? await issueInvoiceLinkForText(trx, ctxLink, { id: invoice.id, customerId: invoice.customer_id, dueDate: invoice.due_date }, job.contact_email!)
      : job.portal_slug
        ? `${origin}/portal/${job.portal_slug}`
        : null;
    const body = renderText('job_completed', prefs.templates, {
      companyName: job.company_name,
      customerName: job.contact_name,
      jobNumber: job.job_number,
      link,
    });
    await queueText(trx, ctx.tenantId, origin, { kind: 'job_completed', to, body, refs: { customerId: job.customer_id, jobId }, createdBy: null });
  });
}

/**
 * Runs a queued visit notice. Each notice is claimed in the transaction that queues its text or email
 * (sent_notices), so a job run twice sends once.
 */
export function createVisitNoticeHandler(deps: VisitNoticeDeps): JobHandler {
  return {
    run: async (ctx, raw) => {
      const p = raw as VisitNoticePayload;
      if (p.notice === 'job_completed') return jobCompletedText(ctx, deps, p.jobId);
      const visit = await findVisitFacts(ctx.db, ctx.tenantId, p.taskId);
      if (!visit) return;
      if (p.notice === 'assignment') return assignmentNotice(ctx, deps, visit, p);
      return visitText(ctx, deps, visit, p);
    },
  };
}
