import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { headerSafe, type EmailKind } from '@fieldwork/domain/messages/messages.rules';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { TenantRow } from '../account-core/company.repository.ts';
import { enqueueJob } from '../background/background.service.ts';
import { companyBranding } from '../company/company-logo.service.ts';
import { LOGO_CID, renderEmail, type EmailContent } from '../mail/email-layout.ts';
import { insertMessage } from './messages.repository.ts';
import { SECRET_LINK_MARKER } from './messages.presenter.ts';

export type EmailSpec = {
  kind: EmailKind;
  to: string[];
  cc?: string[];
  subject: string;
  content: Omit<EmailContent, 'company'>;
  refs?: { customerId?: string | null; jobId?: string | null; estimateId?: string | null; invoiceId?: string | null; userId?: string | null };
  attachment?: 'estimate-pdf' | 'invoice-pdf' | null;
  createdBy: string | null;
  /**
   * A one-time link (password reset, invitation, verification) for the button. It is kept sealed in the job's
   * payload until the email goes out, and the stored copy of the email shows it masked: the link's token is
   * stored nowhere in the clear.
   */
  secretLink?: string;
  /**
   * A personal link per recipient (address -> link) for the button, sealed like secretLink: each recipient then
   * gets their own copy of the email, addressed to them alone, carrying only their link.
   */
  recipientLinks?: Record<string, string>;
};

/** `company`: the company's row, when the caller has already read it in this transaction. */
export type MailCtx = { db: Db; tenantId: string; box: SecretBox; company?: TenantRow };

/**
 * Renders the email as it will go out, stores it with one row per recipient, and queues its delivery — all in
 * the caller's transaction, so an email exists if and only if the change that caused it committed. Answers the
 * message's id. The request that queues it never waits for the mail server.
 */
export async function queueEmail(ctx: MailCtx, spec: EmailSpec): Promise<string> {
  const branding = await companyBranding(ctx.db, ctx.tenantId, ctx.company);
  const button =
    spec.content.button && (spec.secretLink || spec.recipientLinks) ? { ...spec.content.button, url: `https://${SECRET_LINK_MARKER}` } : spec.content.button;
  const rendered = renderEmail({
    ...spec.content,
    ...(button ? { button } : {}),
    company: {
      name: branding.name,
      email: branding.email,
      phone: branding.phone,
      address: branding.address,
      brandColor: branding.brandColor,
      logoSrc: branding.logo ? `cid:${LOGO_CID}` : null,
    },
  });
  const unmark = (s: string) => s.replaceAll(`https://${SECRET_LINK_MARKER}`, SECRET_LINK_MARKER);
  const id = randomUUID();
  const now = nowIso();
  const to = [...new Set(spec.to.map((a) => a.toLowerCase()))];
  const cc = [...new Set((spec.cc ?? []).map((a) => a.toLowerCase()))].filter((a) => !to.includes(a));
  await insertMessage(
    ctx.db,
    ctx.tenantId,
    {
      id,
      kind: spec.kind,
      subject: headerSafe(spec.subject),
      body_text: unmark(rendered.text),
      body_html: unmark(rendered.html),
      reply_to: branding.email,
      customer_id: spec.refs?.customerId ?? null,
      job_id: spec.refs?.jobId ?? null,
      estimate_id: spec.refs?.estimateId ?? null,
      invoice_id: spec.refs?.invoiceId ?? null,
      user_id: spec.refs?.userId ?? null,
      attachment: spec.attachment ?? null,
      state: 'queued',
      error: null,
      provider_id: null,
      sent_at: null,
      created_by: spec.createdBy,
      created_at: now,
      updated_at: now,
    },
    [...to.map((address) => ({ address, role: 'to' as const })), ...cc.map((address) => ({ address, role: 'cc' as const }))].map((r) => ({
      id: randomUUID(),
      ...r,
      state: 'queued' as const,
      error: null,
      updated_at: now,
    })),
  );
  await enqueueJob(
    ctx.db,
    ctx.tenantId,
    'email.send',
    {
      messageId: id,
      ...(spec.secretLink ? { secretLink: ctx.box.seal(spec.secretLink) } : {}),
      ...(spec.recipientLinks
        ? { recipientLinks: Object.fromEntries(Object.entries(spec.recipientLinks).map(([address, link]) => [address.toLowerCase(), ctx.box.seal(link)])) }
        : {}),
    },
    { dedupeKey: id },
  );
  return id;
}
