import type { Db, DialectName } from '@fieldwork/db/connection';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { TwilioGateway } from './twilio-gateway.ts';

/** What every text use case needs: the gateway and the server key that opens each company's Auth Token. */
export type TextsDeps = { gateway: TwilioGateway; box: SecretBox };

export type TextsCtx = TextsDeps & { db: Db; dialect: DialectName; tenantId: string; origin: string };

/** Where Twilio calls back: delivery states of one company's texts, and replies to its number. */
export const twilioUrls = (origin: string, tenantId: string) => ({
  status: `${origin}/api/webhooks/twilio/${tenantId}/status`,
  inbound: `${origin}/api/webhooks/twilio/${tenantId}/inbound`,
});
