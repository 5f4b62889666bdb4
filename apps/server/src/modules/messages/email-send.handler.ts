import { nowIso } from '@fieldwork/db/sql-helpers';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { JobContext, JobHandler } from '../background/background-worker.ts';
import { companyBranding } from '../company/company-logo.service.ts';
import { findTenant } from '../account-core/company.repository.ts';
import { escapeHtml, LOGO_CID } from '../mail/email-layout.ts';
import type { MailTransport, OutgoingMail, SendResult } from '../mail/mail-transport.ts';
import { findUser } from '../account-core/users.repository.ts';
import { findMessage, recipientsOf, setMessageState, setRecipientState, type MessageRow } from './messages.repository.ts';
import { SECRET_LINK_MARKER } from './messages.presenter.ts';

export type EmailDeps = {
  /** null without SMTP_URL: messages are kept as "not sent" for admins to read. */
  transport: MailTransport | null;
  /** MAIL_FROM's address; the company's name is the display name and its email the reply-to. */
  fromAddress: string;
  box: SecretBox;
  /**
   * Renders an estimate's or invoice's PDF as the viewer sees it. Given by whoever builds the worker, so this
   * module does not depend on the documents' modules (which send their emails through this one).
   */
  documentPdf: (kind: 'estimate' | 'invoice', ctx: DocumentPdfContext, documentId: string) => Promise<{ body: Buffer; fileName: string }>;
};
export type DocumentPdfContext = Pick<JobContext, 'db' | 'dialect'> & { viewer: Viewer; timeZone: string };
type Payload = { messageId: string; secretLink?: string; recipientLinks?: Record<string, string> };

/** The PDF a document email carries, rendered when it is sent (as the person who sent it sees the document). */
async function attachmentOf(ctx: JobContext, deps: EmailDeps, message: MessageRow): Promise<OutgoingMail['attachments']> {
  if (!message.attachment || !message.created_by) return [];
  const [user, tenant] = await Promise.all([findUser(ctx.db, ctx.tenantId, message.created_by), findTenant(ctx.db, ctx.tenantId)]);
  if (!user || !tenant) return [];
  const viewer: Viewer = { userId: user.id, tenantId: ctx.tenantId, role: user.role, access: user.access as Viewer['access'] };
  const pdfCtx = { db: ctx.db, dialect: ctx.dialect, viewer, timeZone: tenant.time_zone };
  if (message.attachment === 'estimate-pdf' && message.estimate_id) {
    const pdf = await deps.documentPdf('estimate', pdfCtx, message.estimate_id);
    return [{ filename: pdf.fileName, content: pdf.body, contentType: 'application/pdf' }];
  }
  if (message.attachment === 'invoice-pdf' && message.invoice_id) {
    const pdf = await deps.documentPdf('invoice', pdfCtx, message.invoice_id);
    return [{ filename: pdf.fileName, content: pdf.body, contentType: 'application/pdf' }];
  }
  return [];
}

/**
 * Delivers one queued message to its recipients still queued. A message the mail server already accepted is
 * never sent again by a re-run of its job: recipients' states are written before the job is marked done, and a
 * re-run finds nobody left to send to. (A process killed between the server's acceptance and that write sends
 * once more on the retry: at least once, as the job table promises.)
 */
export function createEmailSendHandler(deps: EmailDeps): JobHandler {
  return {
    run: async (ctx, raw) => {
      const payload = raw as Payload;
      const message = await findMessage(ctx.db, ctx.tenantId, payload.messageId);
      if (!message) return;
      const queued = (await recipientsOf(ctx.db, ctx.tenantId, [message.id])).filter((r) => r.state === 'queued');
      if (!queued.length) return;
      const now = nowIso();
      const transport = deps.transport;
      if (!transport) {
        await setRecipientState(
          ctx.db,
          ctx.tenantId,
          message.id,
          queued.map((r) => r.address),
          'not_sent',
          null,
          now,
        );
        await setMessageState(ctx.db, ctx.tenantId, message.id, { state: 'not_sent', error: null }, now);
        return;
      }
      const branding = await companyBranding(ctx.db, ctx.tenantId);
      const attachments = await attachmentOf(ctx, deps, message);
      if (branding.logo) attachments.push({ filename: 'logo', content: branding.logo.data, contentType: branding.logo.contentType, cid: LOGO_CID });
      const send = async (to: typeof queued, sealedLink: string | undefined) => {
        const link = sealedLink ? deps.box.open(sealedLink) : null;
        const fill = (s: string, html: boolean) => (link ? s.replaceAll(SECRET_LINK_MARKER, html ? escapeHtml(link) : link) : s);
        const result = await transport.send({
          from: `"${branding.name.replace(/["\\\r\n]/g, '')}" <${deps.fromAddress}>`,
          replyTo: message.reply_to ?? undefined,
          to: to.filter((r) => r.role === 'to').map((r) => r.address),
          cc: to.filter((r) => r.role === 'cc').map((r) => r.address),
          subject: message.subject,
          text: fill(message.body_text, false),
          html: fill(message.body_html, true),
          messageId: `<${message.id}${sealedLink && payload.recipientLinks ? `.${to[0]!.id}` : ''}@fieldwork>`,
          attachments,
        });
        const done = nowIso();
        await setRecipientState(ctx.db, ctx.tenantId, message.id, result.accepted, 'sent', null, done);
        for (const r of result.rejected) await setRecipientState(ctx.db, ctx.tenantId, message.id, [r.address], 'failed', r.error, done);
        return result;
      };
      // Personal links: one copy per recipient, each written down as sent before the next goes, so a re-run
      // sends only to those still queued. A recipient without a link of their own (none is made for them) gets none.
      const results: SendResult[] = [];
      if (payload.recipientLinks) for (const r of queued) results.push(await send([{ ...r, role: 'to' }], payload.recipientLinks[r.address]));
      else results.push(await send(queued, payload.secretLink));
      const done = nowIso();
      const all = await recipientsOf(ctx.db, ctx.tenantId, [message.id]);
      const sent = all.filter((r) => r.state === 'sent').length;
      const state = sent === all.length ? 'sent' : sent > 0 ? 'partly_sent' : 'failed';
      await setMessageState(
        ctx.db,
        ctx.tenantId,
        message.id,
        {
          state,
          error: state === 'sent' ? null : (results.flatMap((r) => r.rejected)[0]?.error ?? null),
          providerId: results.at(-1)?.providerId ?? null,
          sentAt: sent ? done : null,
        },
        done,
      );
    },
    onFailed: async (ctx, raw, error) => {
      const { messageId } = raw as Payload;
      const now = nowIso();
      const waiting = (await recipientsOf(ctx.db, ctx.tenantId, [messageId])).filter((r) => r.state === 'queued');
      await setRecipientState(
        ctx.db,
        ctx.tenantId,
        messageId,
        waiting.map((r) => r.address),
        'failed',
        error,
        now,
      );
      await setMessageState(ctx.db, ctx.tenantId, messageId, { state: 'failed', error }, now);
    },
  };
}
