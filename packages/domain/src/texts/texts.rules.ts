import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/**
 * Text messages to customers and crews. Numbers are stored and compared in E.164 (+12015550123), read with the
 * company's country as the default, so "(201) 555-0123" on a contact and "+1 201 555 0123" in a STOP reply are
 * the same number.
 */

export const TEXT_MESSAGES = {
  badNumber: 'This is not a phone number that can receive texts.',
  optedOut: 'This number replied STOP: texts to it are off until it replies START.',
  notConnected: 'Text messages are not set up for this company.',
  credentialsRefused: 'Twilio refused these credentials. Check the Account SID and Auth Token in your Twilio console.',
  unreachable: 'Twilio could not be reached to check these credentials. Try again in a minute.',
  senderRequired: 'Enter the sending number or a Messaging Service SID.',
  credentialsRequired: 'Account SID and Auth Token are mandatory when connecting Twilio.',
  badSignature: 'The webhook signature is not valid.',
  badCountry: 'Country must be a two-letter country code such as US.',
} as const;

/** The default country of a company's numbers (ISO 3166 alpha-2). */
export const DEFAULT_TEXT_COUNTRY = 'US';

/** A country whose numbers can be read (ISO 3166 alpha-2 that the phone-number metadata knows). */
export const isTextCountry = (code: string): boolean => isSupportedCountry(code);

/** The number in E.164, or null when it cannot be one (too short, letters, an unknown country code). */
export function toE164(raw: string | null | undefined, country: string = DEFAULT_TEXT_COUNTRY): string | null {
  if (!raw || !raw.trim()) return null;
  const parsed = parsePhoneNumberFromString(raw, country.toUpperCase() as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * Replies that switch a number's texts off or on, as carriers and Twilio recognise them (one word, any case,
 * surrounding spaces and punctuation ignored). Anything else is an ordinary reply.
 */
const OPT_OUT = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'] as const;
const OPT_IN = ['START', 'YES', 'UNSTOP'] as const;

export function optIntent(body: string): 'out' | 'in' | null {
  const word = body
    .trim()
    .replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
    .toUpperCase();
  if ((OPT_OUT as readonly string[]).includes(word)) return 'out';
  if ((OPT_IN as readonly string[]).includes(word)) return 'in';
  return null;
}

/** Where a text stands: queued → sent → delivered, or failed / undelivered (Twilio's words), or held before sending. */
export const TEXT_STATUSES = ['held', 'queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'not_sent'] as const;
export type TextStatus = (typeof TEXT_STATUSES)[number];

/**
 * Twilio's status callbacks can arrive out of order (a late "sent" after "delivered"): a status only ever moves
 * forward along this order, so a late callback never rolls a message back.
 */
export const TEXT_STATUS_RANK = {
  held: 0,
  queued: 1,
  sending: 2,
  sent: 3,
  not_sent: 4,
  delivered: 5,
  undelivered: 5,
  failed: 5,
} as const satisfies Record<TextStatus, number>;

/** Twilio's MessageStatus values mapped to ours ("accepted", "scheduled" and "receiving" are queued here). */
export function textStatusOf(twilio: string): TextStatus | null {
  const map: Record<string, TextStatus> = {
    accepted: 'queued',
    scheduled: 'queued',
    queued: 'queued',
    sending: 'sending',
    sent: 'sent',
    delivered: 'delivered',
    undelivered: 'undelivered',
    failed: 'failed',
  };
  return map[twilio] ?? null;
}
