import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { TEXT_MESSAGES } from '@fieldwork/domain/texts/texts.rules';

/**
 * The one place the product talks to Twilio: its REST API (Messages resource) over fetch with the company's own
 * Account SID and Auth Token, at TWILIO_API_URL (tests point it at a fake Twilio on loopback).
 */
export type TwilioCredentials = { accountSid: string; authToken: string };
export type OutgoingText = { to: string; from: string | null; messagingServiceSid: string | null; body: string; statusCallback: string | null };

/** Twilio answered with an error: `retry` when another try may succeed (Twilio busy or down), not for a refusal. */
export class TwilioError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

export type TwilioGateway = {
  checkCredentials: (credentials: TwilioCredentials) => Promise<void>;
  send: (credentials: TwilioCredentials, text: OutgoingText) => Promise<{ sid: string; status: string }>;
  /** Twilio's X-Twilio-Signature over the URL it called and the POST parameters. */
  signatureMatches: (authToken: string, url: string, params: Record<string, string>, signature: string) => boolean;
};

const TIMEOUT_MS = 15_000;

export function createTwilioGateway(apiUrl: string): TwilioGateway {
  const call = (credentials: TwilioCredentials, path: string, init: RequestInit = {}) =>
    fetch(`${apiUrl}/2010-04-01/Accounts/${credentials.accountSid}${path}`, {
      ...init,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { ...init.headers, authorization: `Basic ${Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString('base64')}` },
    });

  return {
    async checkCredentials(credentials) {
      let res: Response;
      try {
        res = await call(credentials, '.json');
      } catch {
        throw new AppError('UPSTREAM_FAILED', TEXT_MESSAGES.unreachable);
      }
      if (res.status === 401 || res.status === 404) throw new AppError('VALIDATION_FAILED', TEXT_MESSAGES.credentialsRefused);
      if (!res.ok) throw new AppError('UPSTREAM_FAILED', TEXT_MESSAGES.unreachable);
    },

    async send(credentials, text) {
      const form = new URLSearchParams({ To: text.to, Body: text.body });
      if (text.messagingServiceSid) form.set('MessagingServiceSid', text.messagingServiceSid);
      else if (text.from) form.set('From', text.from);
      if (text.statusCallback) form.set('StatusCallback', text.statusCallback);
      let res: Response;
      try {
        res = await call(credentials, '/Messages.json', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        });
      } catch (error) {
        throw new TwilioError(`Twilio could not be reached: ${error instanceof Error ? error.message : String(error)}`, null, true);
      }
      const body = (await res.json().catch(() => ({}))) as { sid?: string; status?: string; code?: number; message?: string };
      if (res.ok && body.sid) return { sid: body.sid, status: body.status ?? 'queued' };
      throw new TwilioError(body.message ?? `Twilio answered ${res.status}`, body.code ?? null, res.status >= 500 || res.status === 429);
    },

    signatureMatches(authToken, url, params, signature) {
      const data = Object.keys(params)
        .sort()
        .reduce((acc, key) => acc + key + params[key], url);
      const expected = createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest();
      const given = Buffer.from(signature, 'base64');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
