import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import {
  ASSIGNMENT_NOTICE_MESSAGES,
  ASSIGNMENT_NOTICES,
  type AssignmentNotice,
  type UserNotices,
  type UserNoticesBody,
} from '@fieldwork/domain/texts/text-preferences.schemas';
import { DEFAULT_TEXT_COUNTRY, toE164 } from '@fieldwork/domain/texts/texts.rules';
import { findNoticeRow, setAssignmentNotice } from './notices.repository.ts';

const asNotice = (value: string): AssignmentNotice => ((ASSIGNMENT_NOTICES as readonly string[]).includes(value) ? (value as AssignmentNotice) : 'off');

/**
 * How a team member hears that a task was given to them or moved. Texts go to the profile phone read the way the
 * company's texts read numbers (its Twilio country, US until it has one): a number that cannot take a text is none.
 */
export async function getNotices(db: Db, viewer: Viewer): Promise<UserNotices> {
  const row = await findNoticeRow(db, viewer.tenantId, viewer.userId);
  if (!row) throw new AppError('NOT_FOUND');
  return { assignment: asNotice(row.assignment_notice), textNumber: toE164(row.phone, row.country ?? DEFAULT_TEXT_COUNTRY) };
}

export async function saveNotices(db: Db, viewer: Viewer, body: UserNoticesBody): Promise<UserNotices> {
  const current = await getNotices(db, viewer);
  if (body.assignment === 'text' && !current.textNumber) throw new AppError('VALIDATION_FAILED', [ASSIGNMENT_NOTICE_MESSAGES.noPhone]);
  await setAssignmentNotice(db, viewer.tenantId, viewer.userId, body.assignment, nowIso());
  return { ...current, assignment: body.assignment };
}
