import { nowIso } from '@fieldwork/db/sql-helpers';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { lastFour } from '@fieldwork/domain/payments/payments.rules';
import { DEFAULT_TEXT_COUNTRY, TEXT_MESSAGES } from '@fieldwork/domain/texts/texts.rules';
import type { TextSettings, TextSettingsBody } from '@fieldwork/domain/texts/texts.schemas';
import { deleteTextAccount, findTextAccount, saveTextAccount } from './text-accounts.repository.ts';
import { twilioUrls, type TextsCtx } from './texts-context.ts';

export async function getTextSettings(ctx: TextsCtx): Promise<TextSettings> {
  const account = await findTextAccount(ctx.db, ctx.tenantId);
  return {
    connected: !!account,
    accountSid: account?.account_sid ?? null,
    authTokenLast4: account?.auth_token_last4 ?? null,
    fromNumber: account?.from_number ?? null,
    messagingServiceSid: account?.messaging_service_sid ?? null,
    country: account?.country ?? DEFAULT_TEXT_COUNTRY,
    inboundUrl: twilioUrls(ctx.origin, ctx.tenantId).inbound,
    connectedAt: account?.connected_at ?? null,
  };
}

/**
 * Connects or updates the company's Twilio account: credentials are tried against Twilio before they are stored
 * (a typo is caught here, not by the first customer who should have had a text); the Auth Token is sealed and
 * write-only — leaving it out keeps the stored one, as long as the Account SID stays the same.
 */
export async function saveTextSettings(ctx: TextsCtx, body: TextSettingsBody): Promise<TextSettings> {
  const before = await findTextAccount(ctx.db, ctx.tenantId);
  const keepToken = !body.authToken && before?.account_sid === body.accountSid;
  if (!body.authToken && !keepToken) throw new AppError('VALIDATION_FAILED', TEXT_MESSAGES.credentialsRequired);
  const authToken = body.authToken ?? ctx.box.open(before!.auth_token_sealed);
  await ctx.gateway.checkCredentials({ accountSid: body.accountSid, authToken });
  const at = nowIso();
  await saveTextAccount(ctx.db, {
    tenant_id: ctx.tenantId,
    provider: 'twilio',
    account_sid: body.accountSid,
    auth_token_sealed: body.authToken ? ctx.box.seal(body.authToken) : before!.auth_token_sealed,
    auth_token_last4: lastFour(authToken)!,
    from_number: body.fromNumber ?? null,
    messaging_service_sid: body.messagingServiceSid ?? null,
    country: body.country,
    connected_at: before?.connected_at ?? at,
    updated_at: at,
  });
  return getTextSettings(ctx);
}

/** Disconnecting stops sending at once: texts still queued are kept as not sent when their turn comes. */
export async function disconnectTexts(ctx: TextsCtx): Promise<void> {
  await deleteTextAccount(ctx.db, ctx.tenantId);
}
