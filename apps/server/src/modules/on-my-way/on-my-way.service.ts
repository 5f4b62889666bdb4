import type { Db } from '@fieldwork/db/connection';
import { runTransaction } from '@fieldwork/db/transactions';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { MESSAGE_MESSAGES } from '@fieldwork/domain/messages/messages.rules';
import { arrivalWindow, ON_MY_WAY_MESSAGES, onMyWayMessage, windowText, type OnMyWayAnswer, type OnMyWayBody } from '@fieldwork/domain/texts/on-my-way.rules';
import { DEFAULT_TEXT_COUNTRY, toE164 } from '@fieldwork/domain/texts/texts.rules';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { findTenant } from '../account-core/company.repository.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { queueEmail } from '../messages/messages.service.ts';
import { recordNotification } from '../notifications/notifications.service.ts';
import { requireTaskAction, requireVisibleTask, taskViewer } from '../task-core/tasks-access.service.ts';
import { findTextAccount } from '../texts/text-accounts.repository.ts';
import { isOptedOut } from '../texts/text-messages.repository.ts';
import { queueText } from '../texts/texts.service.ts';
import { issueVisitLink } from '../visits/visit-links.service.ts';
import { loadTextPrefs } from '../texts/text-preferences.service.ts';
import { renderText } from '@fieldwork/domain/texts/text-templates.rules';
import { findSiteContact } from './on-my-way.repository.ts';

export type OnMyWayCtx = { db: Db; auth: Pick<AuthContext, 'viewer' | 'timeZone'>; box: SecretBox; origin: string };

/**
 * The assignee is on the way: the site contact gets a text with the arrival window in the company's zone — or an
 * email when the company has no text provider, the contact has no mobile number, or the number replied STOP.
 * The message, the task's log entry and the office's bell entry are written in one transaction, and the route
 * takes an Idempotency-Key, so a double tap on a phone texts the customer once. The message carries a new visit
 * link, where the contact follows the visit (On the way with this window, then In progress, Done).
 */
export async function tellOnMyWay(ctx: OnMyWayCtx, taskId: string, body: OnMyWayBody): Promise<OnMyWayAnswer> {
  const tv = await taskViewer(ctx.db, ctx.auth);
  const row = await requireVisibleTask(ctx.db, tv, taskId);
  requireTaskAction(tv, row, 'onMyWay');
  const window = arrivalWindow(tv.now, body);
  if (!window.ok) throw new AppError('VALIDATION_FAILED', window.message);
  const tenantId = tv.scope.tenantId;
  const [contact, company, textAccount] = await Promise.all([
    findSiteContact(ctx.db, tenantId, row.job_id),
    findTenant(ctx.db, tenantId),
    findTextAccount(ctx.db, tenantId),
  ]);
  const mobile = contact?.mobile_number ? toE164(contact.mobile_number, textAccount?.country ?? DEFAULT_TEXT_COUNTRY) : null;
  const textable = !!textAccount && !!mobile && !(await isOptedOut(ctx.db, tenantId, mobile));
  if (!contact || (!textable && !contact.email)) throw new AppError('CONFLICT', ON_MY_WAY_MESSAGES.noContact);
  // Email to a customer only from a company whose address is confirmed, as for every customer email.
  if (!textable && !company?.email_verified_at) throw new AppError('CONFLICT', MESSAGE_MESSAGES.unverified);
  const who = (row.tech_name ?? row.sub_name ?? 'Your technician').trim();
  const firstName = who.split(/\s+/)[0]!;
  const shown = windowText(window.from, window.to, company?.time_zone ?? ctx.auth.timeZone);
  const channel = textable ? ('text' as const) : ('email' as const);
  const prefs = await loadTextPrefs(ctx.db, tenantId);
  await runTransaction(ctx.db, async (trx) => {
    // The visit link is issued with the message that carries it: a rolled-back tap leaves no link behind.
    const visitUrl = await issueVisitLink(trx, tenantId, { taskId: row.id, arrival: { from: window.from, to: window.to } }, ctx.origin);
    const said = { firstName, companyName: company?.name ?? '', window: shown };
    const refs = { customerId: contact.customer_id, jobId: row.job_id, taskId: row.id };
    if (channel === 'text') {
      await queueText(trx, tenantId, ctx.origin, {
        kind: 'on_my_way',
        to: mobile!,
        body: renderText('on_my_way', prefs.templates, {
          companyName: said.companyName,
          customerName: contact.name,
          technicianName: firstName,
          window: shown.replace('–', ' and '),
          link: visitUrl,
        }),
        refs,
        createdBy: tv.viewer.userId,
      });
    } else {
      await queueEmail(
        { db: trx, tenantId, box: ctx.box },
        {
          kind: 'on_my_way',
          to: [contact.email!],
          subject: `${firstName} is on the way`,
          // The link rides as the email's button, sealed until sending: the stored copy shows it masked.
          content: { message: `Hi ${contact.name},\n\n${onMyWayMessage(said)}`, button: { label: 'Follow the visit', url: visitUrl } },
          secretLink: visitUrl,
          refs: { customerId: contact.customer_id, jobId: row.job_id },
          createdBy: tv.viewer.userId,
        },
      );
    }
    await recordActivity(trx, tenantId, {
      jobId: row.job_id,
      entityType: 'TASK',
      entityId: row.id,
      action: 'ON_MY_WAY',
      message: `On my way to ${contact.name} on task #${row.task_number}: arriving ${shown} (by ${channel})`,
      actorId: tv.viewer.userId,
    });
    await recordNotification(trx, tenantId, { kind: 'task.onMyWay', recordId: row.id, params: { by: who, number: row.task_number } });
  });
  return { channel, contactName: contact.name, from: window.from.toISOString(), to: window.to.toISOString(), window: shown };
}
