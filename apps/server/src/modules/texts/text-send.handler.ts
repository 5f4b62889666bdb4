import { nowIso } from '@fieldwork/db/sql-helpers';
import { TEXT_MESSAGES } from '@fieldwork/domain/texts/texts.rules';
import type { JobHandler } from '../background/background-worker.ts';
import { findTextAccount } from './text-accounts.repository.ts';
import { findTextMessage, isOptedOut, setTextStatusIf } from './text-messages.repository.ts';
import type { TextsDeps } from './texts-context.ts';
import { TwilioError } from './twilio-gateway.ts';
import { failText, quietHoursEnd } from './texts.service.ts';
import { runTransaction } from '@fieldwork/db/transactions';
import type { TextKind } from '@fieldwork/domain/texts/text-templates.rules';
import { enqueueJob } from '../background/background.service.ts';

type Payload = { messageId: string; statusCallback: string };

const INTERRUPTED = 'Sending was interrupted: the text may not have gone out. Send it again if it is still needed.';

/**
 * Sends one queued text. A customer is never texted twice: the text is claimed (queued → sending) before Twilio
 * is called, and a run that finds it still "sending" without Twilio's id (a process died mid-call) marks it
 * failed instead of sending again. A number that replied STOP after the text was queued is not texted. Twilio
 * busy or unreachable: back to queued and retried with backoff; Twilio refusing (a bad number): failed, with
 * Twilio's reason.
 */
export function createTextSendHandler(deps: TextsDeps): JobHandler {
  return {
    run: async (ctx, raw) => {
      const { messageId, statusCallback } = raw as Payload;
      const message = await findTextMessage(ctx.db, ctx.tenantId, messageId);
      if (!message) return;
      const at = nowIso();
      const text = { id: messageId, to: message.to_e164 };
      if (message.status === 'sending' && !message.provider_sid) {
        await failText(ctx.db, ctx.tenantId, text, ['sending'], 'failed', INTERRUPTED);
        return;
      }
      if (message.status !== 'queued' && message.status !== 'held') return;
      // Quiet hours are checked again as it goes: a retry's backoff or a change of settings can carry it into them.
      const release = await quietHoursEnd(ctx.db, ctx.tenantId, message.kind as TextKind, at);
      if (release) {
        await runTransaction(ctx.db, async (trx) => {
          if (await setTextStatusIf(trx, ctx.tenantId, messageId, ['queued', 'held'], { status: 'held', send_after: release }, at))
            await enqueueJob(trx, ctx.tenantId, 'text.send', raw, { runAt: release });
        });
        return;
      }
      const account = await findTextAccount(ctx.db, ctx.tenantId);
      const refusal = !account ? TEXT_MESSAGES.notConnected : (await isOptedOut(ctx.db, ctx.tenantId, message.to_e164)) ? TEXT_MESSAGES.optedOut : null;
      if (refusal || !account) {
        await setTextStatusIf(ctx.db, ctx.tenantId, messageId, ['queued', 'held'], { status: 'not_sent', error: refusal }, at);
        return;
      }
      if (!(await setTextStatusIf(ctx.db, ctx.tenantId, messageId, ['queued', 'held'], { status: 'sending' }, at))) return;
      const credentials = { accountSid: account.account_sid, authToken: deps.box.open(account.auth_token_sealed) };
      try {
        const sent = await deps.gateway.send(credentials, {
          to: message.to_e164,
          from: account.from_number,
          messagingServiceSid: account.messaging_service_sid,
          body: message.body,
          statusCallback,
        });
        await setTextStatusIf(ctx.db, ctx.tenantId, messageId, ['sending'], { status: 'sent', provider_sid: sent.sid, sent_at: nowIso() }, nowIso());
      } catch (error) {
        if (error instanceof TwilioError && !error.retry) {
          const reason = error.code ? `${error.message} (Twilio error ${error.code})` : error.message;
          await failText(ctx.db, ctx.tenantId, text, ['sending'], 'failed', reason);
          return;
        }
        await setTextStatusIf(ctx.db, ctx.tenantId, messageId, ['sending'], { status: 'queued' }, nowIso());
        throw error;
      }
    },
    onFailed: async (ctx, raw, error) => {
      const { messageId } = raw as Payload;
      const message = await findTextMessage(ctx.db, ctx.tenantId, messageId);
      if (message) await failText(ctx.db, ctx.tenantId, { id: messageId, to: message.to_e164 }, ['queued', 'held', 'sending'], 'failed', error);
    },
  };
}
