import { TZDate } from '@date-fns/tz';
import type { Db } from '@fieldwork/db/connection';
import { runTransaction } from '@fieldwork/db/transactions';
import { PLAN_RENEWAL_EMAIL, RENEWAL_REMINDER_HOUR, renewalReminderDate } from '@fieldwork/domain/plans/plans.rules';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';
import { calendarDate } from '@fieldwork/pdf/pdf-format';
import type { SecretBox } from '../../lib/secret-box.ts';
import { findTenant } from '../account-core/company.repository.ts';
import { findUser } from '../account-core/users.repository.ts';
import type { JobHandler } from '../background/background-worker.ts';
import { enqueueJob } from '../background/background.service.ts';
import { findCustomer, loadContacts } from '../customers/customers.repository.ts';
import { queueEmail } from '../messages/messages.service.ts';
import { claimNotice } from '../visit-notices/visit-notices.repository.ts';
import { findPlanRow } from './plans.repository.ts';

type RenewalTerms = { id: string; starts_on: string; ends_on: string | null; renewal_days: number | null };
type Payload = { planId: string; endsOn: string; days: number };

/**
 * In the transaction that creates or edits a plan: its renewal reminder, queued for 9:00 on its day in the
 * company's zone (at once when that day has passed but the plan has not ended yet). Keyed by end date and lead,
 * so an edit that changes neither queues nothing new, and a changed one queues its own while the handler drops
 * the outdated one.
 */
export async function scheduleRenewalReminder(trx: Db, tenantId: string, plan: RenewalTerms, timeZone: string, now = new Date()): Promise<void> {
  const day = renewalReminderDate({ startDate: plan.starts_on, endDate: plan.ends_on }, plan.renewal_days);
  if (!day || !plan.ends_on || !plan.renewal_days || plan.ends_on < dayIn(now, timeZone)) return;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const at = new TZDate(y, m - 1, d, RENEWAL_REMINDER_HOUR, 0, 0, timeZone).getTime();
  const payload: Payload = { planId: plan.id, endsOn: plan.ends_on, days: plan.renewal_days };
  await enqueueJob(trx, tenantId, 'plans.renewal', payload, {
    dedupeKey: `plan-renewal:${plan.id}:${plan.ends_on}:${plan.renewal_days}`,
    runAt: new Date(Math.max(at, now.getTime())).toISOString(),
  });
}

/** Office mail goes to whoever created the plan while they are active, else to the company's own address. */
async function officeAddress(db: Db, tenantId: string, createdBy: string | null): Promise<string | null> {
  const user = createdBy ? await findUser(db, tenantId, createdBy) : undefined;
  if (user?.status === 'ACTIVE') return user.email;
  return (await findTenant(db, tenantId))?.email ?? null;
}

/** The customer's billing contact's address, else their first contact with one. */
async function customerAddress(db: Db, tenantId: string, customerId: string): Promise<string | null> {
  const contacts = (await loadContacts(db, tenantId, [customerId])).filter((c) => c.email && !c.archived_at);
  contacts.sort((a, b) => Number(b.is_billing) - Number(a.is_billing) || a.position - b.position);
  return contacts[0]?.email ?? null;
}

/**
 * Sends a plan's renewal reminder, if the plan still ends on the day it was queued for with the same lead and has
 * not ended. Claimed once per plan and end date (sent_notices) in the transaction that queues the emails, so a
 * run repeated sends nothing more.
 */
export function createPlanRenewalHandler(deps: { box: SecretBox; origin: () => string }): JobHandler {
  return {
    run: async (ctx, raw) => {
      const p = raw as Payload;
      const plan = await findPlanRow(ctx.db, ctx.tenantId, p.planId);
      if (!plan || plan.status === 'ended' || plan.ends_on !== p.endsOn || plan.renewal_days !== p.days) return;
      const [company, customer, office, contact] = await Promise.all([
        findTenant(ctx.db, ctx.tenantId),
        findCustomer(ctx.db, ctx.tenantId, plan.customer_id),
        officeAddress(ctx.db, ctx.tenantId, plan.created_by),
        plan.renewal_to_customer ? customerAddress(ctx.db, ctx.tenantId, plan.customer_id) : Promise.resolve(null),
      ]);
      const endsOn = calendarDate(p.endsOn);
      const mail = { db: ctx.db, tenantId: ctx.tenantId, box: deps.box };
      await runTransaction(ctx.db, async (trx) => {
        if (!(await claimNotice(trx, ctx.tenantId, `plan-renewal:${plan.id}:${p.endsOn}`))) return;
        const refs = { customerId: plan.customer_id, jobId: plan.job_id };
        if (office) {
          const words = PLAN_RENEWAL_EMAIL.office({ planNumber: plan.plan_number, name: plan.name, customerName: customer?.name ?? '', endsOn });
          await queueEmail(
            { ...mail, db: trx },
            {
              kind: 'plan_renewal',
              to: [office],
              subject: words.subject,
              content: { message: words.message, button: { label: words.button, url: `${deps.origin()}/plans/${plan.id}` } },
              refs,
              createdBy: null,
            },
          );
        }
        if (contact) {
          const words = PLAN_RENEWAL_EMAIL.customer({ name: plan.name, companyName: company?.name ?? '', endsOn });
          await queueEmail(
            { ...mail, db: trx },
            { kind: 'plan_renewal', to: [contact], subject: words.subject, content: { message: words.message }, refs, createdBy: null },
          );
        }
      });
    },
  };
}
