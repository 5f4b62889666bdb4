import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { withTenant } from '@fieldwork/db/tenant-scope';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { optIntent, TEXT_MESSAGES, TEXT_STATUS_RANK, TEXT_STATUSES, textStatusOf, toE164 } from '@fieldwork/domain/texts/texts.rules';
import { findTextAccount } from './text-accounts.repository.ts';
import { findTextBySid, optIn, optOut, setTextStatusIf } from './text-messages.repository.ts';
import type { TextsDeps } from './texts-context.ts';
import { failText } from './texts.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Twilio calling back for one company: delivery states of its texts, and replies to its number. Only the
 * company's own Auth Token admits a call (X-Twilio-Signature over the URL Twilio called and the parameters);
 * an unknown company, another account or a bad signature all answer the same 400.
 */
export async function handleTwilioWebhook(
  deps: TextsDeps & { db: Db },
  companyId: string,
  kind: 'status' | 'inbound',
  call: { url: string; params: Record<string, string>; signature: string | undefined },
): Promise<{ handled: 'updated' | 'unchanged' | 'opted-out' | 'opted-in' | 'ignored' }> {
  const refused = new AppError('VALIDATION_FAILED', TEXT_MESSAGES.badSignature);
  if (!UUID.test(companyId) || !call.signature) throw refused;
  return withTenant(companyId, async () => {
    const account = await findTextAccount(deps.db, companyId);
    if (!account || call.params.AccountSid !== account.account_sid) throw refused;
    const signature = call.signature!;
    if (!deps.gateway.signatureMatches(deps.box.open(account.auth_token_sealed), call.url, call.params, signature)) throw refused;
    const at = nowIso();
    if (kind === 'inbound') {
      const phone = toE164(call.params.From, account.country);
      const intent = optIntent(call.params.Body ?? '');
      if (!phone || !intent) return { handled: 'ignored' };
      // A STOP works at once for every text of this company to that number, queued ones included.
      if (intent === 'out') await optOut(deps.db, companyId, phone, at);
      else await optIn(deps.db, companyId, phone);
      return { handled: intent === 'out' ? 'opted-out' : 'opted-in' };
    }
    const status = textStatusOf(call.params.MessageStatus ?? '');
    const message = call.params.MessageSid ? await findTextBySid(deps.db, companyId, call.params.MessageSid) : undefined;
    if (!status || !message) return { handled: 'ignored' };
    // Callbacks may arrive out of order: a state only moves forward, so a late "sent" never undoes "delivered".
    const earlier = TEXT_STATUSES.filter((s) => TEXT_STATUS_RANK[s] < TEXT_STATUS_RANK[status]);
    const error = call.params.ErrorCode ? `Twilio error ${call.params.ErrorCode}` : null;
    const moved =
      status === 'failed' || status === 'undelivered'
        ? await failText(deps.db, companyId, { id: message.id, to: message.to_e164 }, earlier, status, error)
        : await setTextStatusIf(deps.db, companyId, message.id, earlier, { status, ...(error ? { error } : {}) }, at);
    return { handled: moved ? 'updated' : 'unchanged' };
  });
}
