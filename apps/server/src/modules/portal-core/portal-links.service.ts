import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import {
  PORTAL_LINK_DEFAULT_DAYS,
  PORTAL_SIGN_IN_LINK_MINUTES,
  PORTAL_TOKEN_BYTES,
  portalLinkExpiry,
  type PortalDocumentKind,
} from '@fieldwork/domain/portal/portal.rules';
import { sha256 } from '../../lib/crypto.ts';
import { findTenant, type TenantRow } from '../account-core/company.repository.ts';
import { insertPortalLink, revokePortalLinks, type PortalDocumentRef } from './portal-links.repository.ts';

/** The address a link opens: the token rides in the fragment, which browsers never send to a server or in a Referer. */
export const portalOpenUrl = (origin: string, token: string) => `${origin}/portal/open#${token}`;

const newToken = () => randomBytes(PORTAL_TOKEN_BYTES).toString('base64url');

export type IssuedLink = { email: string; url: string };

/** How long the company's document links stay valid, per kind. */
async function linkDays(trx: Db, tenantId: string, known?: TenantRow) {
  const tenant = known ?? (await findTenant(trx, tenantId));
  return {
    estimate: tenant?.portal_estimate_link_days ?? PORTAL_LINK_DEFAULT_DAYS.estimate,
    invoice: tenant?.portal_invoice_link_days ?? PORTAL_LINK_DEFAULT_DAYS.invoice,
  };
}

/**
 * In the send's transaction: one personal link per recipient of an emailed estimate or invoice, each replacing
 * the live link that address had for this document (a re-send gives fresh links and ends the old ones). Answers
 * the links in the clear for the email alone; only their hashes are stored.
 */
export async function issueDocumentLinks(
  trx: Db,
  ctx: { tenantId: string; userId: string; timeZone: string; origin: string; company?: TenantRow | undefined },
  doc: { kind: PortalDocumentKind; id: string; customerId: string; dueDate: string | null },
  emails: string[],
): Promise<IssuedLink[]> {
  const days = await linkDays(trx, ctx.tenantId, ctx.company);
  const now = new Date();
  const at = now.toISOString();
  const ref: PortalDocumentRef = doc.kind === 'estimate' ? { estimateId: doc.id } : { invoiceId: doc.id };
  const addresses = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  await revokePortalLinks(trx, ctx.tenantId, ref, at, 'replaced', addresses);
  const expiresAt = portalLinkExpiry(doc.kind, doc, days, now, ctx.timeZone);
  const issued: IssuedLink[] = [];
  for (const email of addresses) issued.push({ email, url: await insertDocumentLink(trx, ctx, doc, email, expiresAt, at) });
  return issued;
}

async function insertDocumentLink(
  trx: Db,
  ctx: { tenantId: string; userId: string | null; origin: string },
  doc: { kind: PortalDocumentKind; id: string; customerId: string },
  email: string,
  expiresAt: string,
  at: string,
): Promise<string> {
  const token = newToken();
  await insertPortalLink(trx, {
    id: randomUUID(),
    tenant_id: ctx.tenantId,
    customer_id: doc.customerId,
    estimate_id: doc.kind === 'estimate' ? doc.id : null,
    invoice_id: doc.kind === 'invoice' ? doc.id : null,
    email,
    token_hash: sha256(token),
    expires_at: expiresAt,
    revoked_at: null,
    revoked_reason: null,
    last_opened_at: null,
    created_by: ctx.userId,
    created_at: at,
  });
  return portalOpenUrl(ctx.origin, token);
}

/**
 * A personal link to one invoice for the site contact's "job completed" text, issued in that text's transaction.
 * Unlike an emailed document it replaces nothing: links the contact already got by email keep working.
 */
export async function issueInvoiceLinkForText(
  trx: Db,
  ctx: { tenantId: string; timeZone: string; origin: string },
  invoice: { id: string; customerId: string; dueDate: string | null },
  email: string,
): Promise<string> {
  const days = await linkDays(trx, ctx.tenantId);
  const now = new Date();
  const expiresAt = portalLinkExpiry('invoice', invoice, days, now, ctx.timeZone);
  const doc = { kind: 'invoice' as const, id: invoice.id, customerId: invoice.customerId };
  return insertDocumentLink(trx, { ...ctx, userId: null }, doc, email.trim().toLowerCase(), expiresAt, now.toISOString());
}

/** A sign-in link to the customer's hub, asked for by one of their contacts on the company's portal page. */
export async function issueSignInLink(trx: Db, ctx: { tenantId: string; origin: string }, customerId: string, email: string): Promise<IssuedLink> {
  const token = newToken();
  const now = Date.now();
  await insertPortalLink(trx, {
    id: randomUUID(),
    tenant_id: ctx.tenantId,
    customer_id: customerId,
    estimate_id: null,
    invoice_id: null,
    email,
    token_hash: sha256(token),
    expires_at: new Date(now + PORTAL_SIGN_IN_LINK_MINUTES * 60_000).toISOString(),
    revoked_at: null,
    revoked_reason: null,
    last_opened_at: null,
    created_by: null,
    created_at: new Date(now).toISOString(),
  });
  return { email, url: portalOpenUrl(ctx.origin, token) };
}
