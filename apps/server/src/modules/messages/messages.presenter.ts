import type { EmailKind, MessageState } from '@fieldwork/domain/messages/messages.rules';
import type { MessageDetail, MessageDto } from '@fieldwork/domain/messages/messages.schemas';
import type { MessageRow, RecipientRow } from './messages.repository.ts';

/** Stands for a one-time link in a stored body; the real link exists only in the sent email. */
export const SECRET_LINK_MARKER = '__FIELDWORK_SECRET_LINK__';
/** How the log shows it: enough to see that a link was there, none of its secret. */
export const MASKED_LINK = '[one-time link, not shown]';

export function toMessageDto(row: MessageRow, recipients: RecipientRow[]): MessageDto {
  return {
    id: row.id,
    kind: row.kind as EmailKind,
    subject: row.subject,
    state: row.state as MessageState,
    error: row.error,
    recipients: recipients.filter((r) => r.message_id === row.id).map((r) => ({ address: r.address, role: r.role, state: r.state, error: r.error })),
    customerId: row.customer_id,
    jobId: row.job_id,
    estimateId: row.estimate_id,
    invoiceId: row.invoice_id,
    attachment: row.attachment,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    createdBy: row.created_by ? { userId: row.created_by, username: row.creator_name ?? '' } : null,
  };
}

export function toMessageDetail(row: MessageRow, recipients: RecipientRow[]): MessageDetail {
  return {
    ...toMessageDto(row, recipients),
    bodyText: row.body_text.replaceAll(SECRET_LINK_MARKER, MASKED_LINK),
    bodyHtml: row.body_html.replaceAll(SECRET_LINK_MARKER, '#'),
  };
}
