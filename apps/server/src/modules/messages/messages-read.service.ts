import type { FastifyInstance } from 'fastify';
import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { MESSAGE_MESSAGES } from '@fieldwork/domain/messages/messages.rules';
import type { Delivery, MessageDetail, MessageDto, MessageListQuery } from '@fieldwork/domain/messages/messages.schemas';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import { countOpenJobs, findJob, listFailedJobs, requeueFailedJob, requeueJobByDedupeKey } from '../background/background.repository.ts';
import { BACKGROUND_JOB_KINDS } from '../background/background.service.ts';
import { findTenant } from '../account-core/company.repository.ts';
import {
  findMessage,
  listMessagesFor,
  listRecentMessages,
  recipientsOf,
  requeueFailedRecipients,
  setMessageState,
  type MessageRow,
} from './messages.repository.ts';
import { toMessageDetail, toMessageDto } from './messages.presenter.ts';

async function withRecipients(db: Db, tenantId: string, rows: MessageRow[]): Promise<MessageDto[]> {
  const recipients = await recipientsOf(
    db,
    tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toMessageDto(row, recipients));
}

/** Another company's record reads like one nothing was sent about: the list is scoped to the viewer's company. */
export async function listMessages(db: Db, viewer: Viewer, q: MessageListQuery): Promise<MessageDto[]> {
  return withRecipients(db, viewer.tenantId, await listMessagesFor(db, viewer.tenantId, q));
}

async function requireMessage(db: Db, tenantId: string, id: string): Promise<MessageRow> {
  const row = await findMessage(db, tenantId, id);
  if (!row) throw new AppError('NOT_FOUND', MESSAGE_MESSAGES.notFound);
  return row;
}

export async function getMessage(db: Db, viewer: Viewer, id: string): Promise<MessageDetail> {
  const row = await requireMessage(db, viewer.tenantId, id);
  return toMessageDetail(row, await recipientsOf(db, viewer.tenantId, [id]));
}

/**
 * Sends again to the recipients it failed for: they go back to the queue and the message's job runs again from
 * its first attempt (its payload, with any sealed one-time link, is the original's).
 */
export async function retryMessage(db: Db, viewer: Viewer, id: string): Promise<MessageDto> {
  const row = await requireMessage(db, viewer.tenantId, id);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    if (!(await requeueFailedRecipients(trx, viewer.tenantId, id, now))) throw new AppError('CONFLICT', MESSAGE_MESSAGES.notRetryable);
    if (!(await requeueJobByDedupeKey(trx, viewer.tenantId, 'email.send', id, now))) throw new AppError('CONFLICT', MESSAGE_MESSAGES.notRetryable);
    await setMessageState(trx, viewer.tenantId, id, { state: 'queued', error: null }, now);
  });
  return (await withRecipients(db, viewer.tenantId, [{ ...row, state: 'queued', error: null }]))[0]!;
}

export async function retryFailedJob(db: Db, viewer: Viewer, jobId: string): Promise<void> {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const job = await requeueFailedJob(trx, viewer.tenantId, jobId, now);
    if (!job) {
      if (await findJob(trx, viewer.tenantId, jobId)) throw new AppError('CONFLICT', MESSAGE_MESSAGES.notRetryable);
      throw new AppError('NOT_FOUND', 'Background job not found.');
    }
    const messageId = messageIdOf(job.payload);
    if (job.kind === 'email.send' && messageId) {
      await requeueFailedRecipients(trx, viewer.tenantId, messageId, now);
      await setMessageState(trx, viewer.tenantId, messageId, { state: 'queued', error: null }, now);
    }
  });
}

function messageIdOf(payload: string): string | null {
  try {
    const value = (JSON.parse(payload) as { messageId?: unknown }).messageId;
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

export async function deliveryOverview(app: FastifyInstance, viewer: Viewer): Promise<Delivery> {
  const { db } = app;
  const [tenant, queued, failed, recent] = await Promise.all([
    findTenant(db, viewer.tenantId),
    countOpenJobs(db, viewer.tenantId),
    listFailedJobs(db, viewer.tenantId, 50),
    listRecentMessages(db, viewer.tenantId, 50),
  ]);
  return {
    mailConfigured: !!app.mail,
    from: app.config.mail.from,
    companyVerified: !!tenant?.email_verified_at,
    queued,
    failedJobs: failed.map((j) => ({
      id: j.id,
      kind: j.kind,
      label: (BACKGROUND_JOB_KINDS as Record<string, { label: string }>)[j.kind]?.label ?? j.kind,
      attempts: j.attempts,
      lastError: j.last_error,
      failedAt: j.finished_at,
      messageId: messageIdOf(j.payload),
    })),
    recentMessages: await withRecipients(db, viewer.tenantId, recent),
  };
}
