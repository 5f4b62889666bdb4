import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { runTransaction } from '@fieldwork/db/transactions';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { DEFAULT_TEXT_COUNTRY, TEXT_MESSAGES, toE164, type TextStatus } from '@fieldwork/domain/texts/texts.rules';
import type { TextMessage } from '@fieldwork/domain/texts/texts.schemas';
import { enqueueJob } from '../background/background.service.ts';
import { findTextAccount } from './text-accounts.repository.ts';
import { findTextMessage, insertTextMessage, isOptedOut, listTextMessages, setTextStatusIf } from './text-messages.repository.ts';
import { TEXT_KIND_POLICY, type TextKind } from '@fieldwork/domain/texts/text-templates.rules';
import { quietHoursRelease } from '@fieldwork/domain/texts/text-timing.rules';
import { findTenant } from '../account-core/company.repository.ts';
import { recordNotification } from '../notifications/notifications.service.ts';
import { loadTextPrefs } from './text-preferences.service.ts';
import { twilioUrls } from './texts-context.ts';

export type TextSpec = {
  kind: TextKind;
  /** As entered on the contact: read in the company's country. */
  to: string;
  body: string;
  refs?: { customerId?: string | null; jobId?: string | null; taskId?: string | null };
  createdBy: string | null;
  /** Held until then (quiet hours, a reminder's time). */
  sendAfter?: string | null;
};

/**
 * Queues a text in the caller's transaction (the outbox): the job exists only if the change that caused it
 * commits. A number that cannot receive texts, or that replied STOP, is refused here with a clear error and
 * nothing is queued. Without a Twilio account the text is still kept, as "not sent", so the office sees what
 * would have gone out.
 */
export async function queueText(trx: Db, tenantId: string, origin: string, spec: TextSpec): Promise<{ id: string; status: TextStatus }> {
  const account = await findTextAccount(trx, tenantId);
  const to = toE164(spec.to, account?.country ?? DEFAULT_TEXT_COUNTRY);
  if (!to) throw new AppError('VALIDATION_FAILED', TEXT_MESSAGES.badNumber);
  if (await isOptedOut(trx, tenantId, to)) throw new AppError('CONFLICT', TEXT_MESSAGES.optedOut);
  const id = randomUUID();
  const at = nowIso();
  const sendAfter = (await quietHoursEnd(trx, tenantId, spec.kind, spec.sendAfter ?? at)) ?? spec.sendAfter ?? null;
  const held = !!sendAfter && sendAfter > at;
  const status: TextStatus = !account ? 'not_sent' : held ? 'held' : 'queued';
  await insertTextMessage(trx, {
    id,
    tenant_id: tenantId,
    kind: spec.kind,
    to_e164: to,
    body: spec.body,
    status,
    provider_sid: null,
    error: account ? null : TEXT_MESSAGES.notConnected,
    customer_id: spec.refs?.customerId ?? null,
    job_id: spec.refs?.jobId ?? null,
    task_id: spec.refs?.taskId ?? null,
    created_by: spec.createdBy,
    send_after: sendAfter,
    created_at: at,
    sent_at: null,
    updated_at: at,
  });
  if (account) {
    await enqueueJob(trx, tenantId, 'text.send', { messageId: id, statusCallback: twilioUrls(origin, tenantId).status }, held ? { runAt: sendAfter! } : {});
  }
  return { id, status };
}

/**
 * When the company's quiet hours hold a text of this kind that would go at `at`: the instant they end in the
 * company's zone, or null when the kind is exempt ("on my way", crew texts), quiet hours are off, or `at` is
 * outside them.
 */
export async function quietHoursEnd(db: Db, tenantId: string, kind: TextKind, at: string): Promise<string | null> {
  // A kind this version does not know (an old row) is not held.
  if (!(TEXT_KIND_POLICY as Partial<typeof TEXT_KIND_POLICY>)[kind]?.quietHours) return null;
  const prefs = await loadTextPrefs(db, tenantId);
  if (!prefs.quiet) return null;
  const tenant = await findTenant(db, tenantId);
  return quietHoursRelease(at, tenant?.time_zone ?? 'UTC', prefs.quiet)?.toISOString() ?? null;
}

/**
 * A text that will not arrive (Twilio refused it, the carrier did not deliver it, sending was interrupted): its
 * state and the office's bell entry land together, once — only the write that moves the text to failed tells.
 */
export async function failText(
  db: Db,
  tenantId: string,
  text: { id: string; to: string },
  from: readonly string[],
  status: 'failed' | 'undelivered',
  error: string | null,
) {
  return runTransaction(db, async (trx) => {
    if (!(await setTextStatusIf(trx, tenantId, text.id, from, { status, error }, nowIso()))) return false;
    await recordNotification(trx, tenantId, { kind: 'text.failed', recordId: text.id, params: { by: text.to } });
    return true;
  });
}

export function toTextMessage(row: NonNullable<Awaited<ReturnType<typeof findTextMessage>>>): TextMessage {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to_e164,
    body: row.body,
    status: row.status as TextMessage['status'],
    error: row.error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

export async function recentTexts(db: Db, tenantId: string, limit: number): Promise<TextMessage[]> {
  return (await listTextMessages(db, tenantId, limit)).map(toTextMessage);
}
