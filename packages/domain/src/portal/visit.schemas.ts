import { z } from 'zod';
import { VISIT_MESSAGES, VISIT_STATUSES } from './visit-status.rules.ts';

/**
 * POST /api/portal/visit: the token from the visit link (it rides in the body, never in a URL path or query, so
 * it stays out of server logs).
 */
export const visitBody = z.strictObject({
  token: z.string({ error: 'token is mandatory.' }).regex(/^[A-Za-z0-9_-]{20,100}$/, { error: VISIT_MESSAGES.invalid }),
});
export type VisitBody = z.infer<typeof visitBody>;

/** One visit as its customer may see it: the company, who is coming, when, and where things stand. */
export const visitSchema = z.object({
  company: z.object({ name: z.string(), logoUrl: z.string().nullable(), brandColor: z.string().nullable(), phone: z.string().nullable() }),
  name: z.string(),
  /** The scheduled start and expected end, ISO instants; null when not scheduled. */
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  timeZone: z.string(),
  status: z.enum(VISIT_STATUSES),
  statusLabel: z.string(),
  explanation: z.string(),
  /** The latest "on my way" window while the technician is on the way ("Arriving between 10:20 and 10:40 AM"), else null. */
  arrival: z.object({ from: z.string(), to: z.string(), text: z.string() }).nullable(),
  technician: z.object({ firstName: z.string(), hasPhoto: z.boolean() }).nullable(),
});
export type Visit = z.infer<typeof visitSchema>;
