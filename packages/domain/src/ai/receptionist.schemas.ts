/**
 * AI receptionist call log: a phone or AI-receptionist system posts each finished call with a
 * personal API token; the office lists them on the Calls page and the dashboard reads their metrics.
 * The caller system's call id makes a post idempotent: a repeat returns the stored call.
 */
import { z } from 'zod';
import { clearableText, dataOf, dataPage, pageQuery, requiredText, storableInstant, uuidField, optionalText } from '../common/common.schemas.ts';
import { dashboardRangeSchema } from '../dashboard/dashboard.schemas.ts';

export const CALL_OUTCOMES = ['BOOKED', 'LEAD_CREATED', 'INFORMATION', 'MISSED', 'SPAM'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const CALL_OUTCOME_LABELS = {
  BOOKED: 'Booked',
  LEAD_CREATED: 'Lead Created',
  INFORMATION: 'Information',
  MISSED: 'Missed',
  SPAM: 'Spam',
} as const satisfies Record<CallOutcome, string>;

export const CALL_PAGE_SIZE = 20;
/** A call longer than a day is a caller-system bug, not a call. */
export const MAX_CALL_SECONDS = 24 * 60 * 60;

export const CALL_MESSAGES = {
  endBeforeStart: 'Ended At must be the same as or after Started At.',
  tooLong: 'A call cannot last longer than 24 hours.',
  notFound: 'Call not found.',
  emptyList: 'No calls yet',
} as const;

const instantField = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be a valid ISO 8601 date-time.` })
    .refine(storableInstant, { error: `${label} must be a valid ISO 8601 date-time.` })
    .transform((v) => new Date(v).toISOString());
const optionalLink = (label: string) =>
  z
    .union([uuidField(label), z.literal(''), z.null()])
    .transform((v) => v || null)
    .optional();
const outcomeField = z.enum(CALL_OUTCOMES, { error: `Outcome must be one of: ${CALL_OUTCOMES.join(', ')}.` });

/** Whole seconds between two instants (never negative). */
export function callDurationSeconds(startedAt: string, endedAt: string): number {
  return Math.max(0, Math.round((Date.parse(endedAt) - Date.parse(startedAt)) / 1000));
}

/** POST /api/receptionist/calls (Bearer token). */
export const createCallBody = z
  .strictObject({
    externalCallId: requiredText('External Call Id', 200),
    callerName: clearableText('Caller Name', 200),
    callerNumber: requiredText('Caller Number', 40),
    startedAt: instantField('Started At'),
    endedAt: instantField('Ended At'),
    outcome: outcomeField,
    summary: clearableText('Summary', 5000),
    leadId: optionalLink('Lead'),
    jobId: optionalLink('Job'),
  })
  .superRefine((v, ctx) => {
    const seconds = (Date.parse(v.endedAt) - Date.parse(v.startedAt)) / 1000;
    if (seconds < 0) ctx.addIssue({ code: 'custom', path: ['endedAt'], message: CALL_MESSAGES.endBeforeStart });
    else if (seconds > MAX_CALL_SECONDS) ctx.addIssue({ code: 'custom', path: ['endedAt'], message: CALL_MESSAGES.tooLong });
  });
export type CreateCallBody = z.infer<typeof createCallBody>;

/** GET /api/receptionist/calls: from/to are days (YYYY-MM-DD, inclusive) in the company's zone. */
export const callListQuery = z
  .strictObject({
    ...pageQuery,
    limit: pageQuery.limit.default(CALL_PAGE_SIZE),
    outcome: outcomeField.optional(),
    from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD).' }).optional(),
    // Not 9999-12-31: the list runs to the next midnight, and the day after 9999-12-31 has no YYYY-MM-DD key.
    to: z.iso
      .date({ error: 'to must be a date (YYYY-MM-DD).' })
      .refine((v) => v !== '9999-12-31', { error: 'to must be a date (YYYY-MM-DD).' })
      .optional(),
    /** Caller name or number, contains, any case. */
    search: optionalText('search', 100),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'to must be the same as or after from.' });
export type CallListQuery = z.infer<typeof callListQuery>;

export const callSchema = z.object({
  id: z.string(),
  externalCallId: z.string(),
  callerName: z.string().nullable(),
  callerNumber: z.string(),
  startedAt: z.string(),
  endedAt: z.string(),
  durationSeconds: z.number(),
  outcome: z.enum(CALL_OUTCOMES),
  summary: z.string().nullable(),
  /** name: the lead's customer. */
  lead: z.object({ id: z.string(), leadNumber: z.number(), name: z.string() }).nullable(),
  job: z.object({ id: z.string(), jobNumber: z.number(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Call = z.infer<typeof callSchema>;
export const callResponse = dataOf(callSchema);
export const callListResponse = dataPage(callSchema);
export type CallListResponse = z.infer<typeof callListResponse>;

/**
 * GET /api/dashboard/ai-receptionist-metrics. Every call counts in totalCalls; callsHandled are the ones the
 * receptionist answered (all but MISSED); averageDurationSeconds is over handled calls (0 when none).
 * byDay lists every day of the range in the company's zone, zero days included.
 */
export const receptionistMetricsSchema = z.object({
  range: dashboardRangeSchema,
  totalCalls: z.number(),
  callsHandled: z.number(),
  booked: z.number(),
  leadsCreated: z.number(),
  information: z.number(),
  missed: z.number(),
  spam: z.number(),
  averageDurationSeconds: z.number(),
  byDay: z.array(z.object({ day: z.string(), calls: z.number(), booked: z.number(), missed: z.number() })),
});
export type ReceptionistMetrics = z.infer<typeof receptionistMetricsSchema>;
