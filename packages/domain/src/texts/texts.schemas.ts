import { z } from 'zod';
import { isTextCountry, TEXT_MESSAGES, TEXT_STATUSES } from './texts.rules.ts';

/** Contracts of text messages: the company's Twilio connection and what the office sees of a text. */

/**
 * PUT /api/company/texts. The auth token is write-only: leave it out to keep the stored one. Either a sending
 * number (E.164) or a Messaging Service SID.
 */
export const textSettingsBody = z
  .strictObject({
    provider: z.literal('twilio', { error: 'provider must be twilio.' }),
    accountSid: z
      .string({ error: 'Account SID must be text.' })
      .trim()
      .regex(/^AC[0-9a-fA-F]{32}$/, { error: 'Account SID must look like AC followed by 32 hex digits.' }),
    authToken: z
      .string({ error: 'Auth Token must be text.' })
      .trim()
      .regex(/^[0-9a-fA-F]{32}$/, { error: 'Auth Token must be 32 hex digits.' })
      .optional(),
    fromNumber: z
      .union([
        z
          .string()
          .trim()
          .regex(/^\+[1-9]\d{6,14}$/, { error: 'Sending number must be in international form, e.g. +12015550123.' }),
        z.null(),
      ])
      .optional(),
    messagingServiceSid: z
      .union([
        z
          .string()
          .trim()
          .regex(/^MG[0-9a-fA-F]{32}$/, { error: 'Messaging Service SID must look like MG followed by 32 hex digits.' }),
        z.null(),
      ])
      .optional(),
    country: z.string({ error: 'Country must be text.' }).refine(isTextCountry, { error: TEXT_MESSAGES.badCountry }),
  })
  .refine((b) => !!b.fromNumber || !!b.messagingServiceSid, { error: TEXT_MESSAGES.senderRequired, path: ['fromNumber'] });
export type TextSettingsBody = z.infer<typeof textSettingsBody>;

export const textSettingsSchema = z.object({
  connected: z.boolean(),
  accountSid: z.string().nullable(),
  authTokenLast4: z.string().nullable(),
  fromNumber: z.string().nullable(),
  messagingServiceSid: z.string().nullable(),
  country: z.string(),
  /** Paste into the number's (or Messaging Service's) "A message comes in" webhook: STOP and START replies. */
  inboundUrl: z.string(),
  connectedAt: z.string().nullable(),
});
export type TextSettings = z.infer<typeof textSettingsSchema>;

export const textMessageSchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  body: z.string(),
  status: z.enum(TEXT_STATUSES),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TextMessage = z.infer<typeof textMessageSchema>;
