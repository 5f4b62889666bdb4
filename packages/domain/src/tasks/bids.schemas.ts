import { z } from 'zod';
import { clearableText, pageQuery, storableInstant, uuidField } from '../common/common.schemas.ts';

/** Subcontractor bids on a task (request-bids flow). Money: the API speaks dollars with 2 places, storage cents. */
export const BID_STATUSES = ['REQUESTED', 'SUBMITTED', 'DECLINED', 'AWARDED', 'CLOSED'] as const;
export type BidStatus = (typeof BID_STATUSES)[number];
export const BID_STATUS_LABELS = {
  REQUESTED: 'Requested',
  SUBMITTED: 'Submitted',
  DECLINED: 'Declined',
  AWARDED: 'Awarded',
  CLOSED: 'Closed',
} as const satisfies Record<BidStatus, string>;
/** A bid the subcontractor may still answer or decline, and the office may still close. */
export const OPEN_BID_STATUSES = ['REQUESTED', 'SUBMITTED'] as const satisfies readonly BidStatus[];

export const MAX_BID_AMOUNT = 10_000_000;

export const BID_MESSAGES = {
  notFound: 'Bid not found.',
  notOpen: 'This bid request is no longer open.',
  notSubmitted: 'Only a submitted bid can be awarded.',
  subcontractors: 'bidRequestSentTo must list active subcontractors of your company.',
  taskFinished: 'Bids can only be requested on an open task.',
} as const;

/** $1,250.00 — the activity log's way of saying an amount. */
export function formatBidAmount(cents: number): string {
  return '$' + (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export const BID_AMOUNT_MESSAGES = { notNumber: 'Amount must be a number.', notPositive: 'Amount must be a positive number.' } as const;

/** A typed amount: a minus sign makes it a negative number, not "not a number", so it is told as such. */
export function typedBidAmountError(text: string): string | null {
  const v = text.trim();
  if (/^-\s*\d*\.?\d+$|^-\s*\d+\.?$/.test(v)) return BID_AMOUNT_MESSAGES.notPositive;
  return /^\d*\.?\d*$/.test(v) && v !== '.' ? null : BID_AMOUNT_MESSAGES.notNumber;
}

/** Dollars with at most 2 decimal places, > 0 and ≤ 10,000,000, turned into integer cents. */
export const bidAmountField = z
  .number({ error: 'Amount must be a number.' })
  // 0.01, not > 0: a denormal like 5e-324 passes "> 0" and the 2-places check, then rounds to 0 cents, which the table refuses.
  .gte(0.01, { error: 'Amount must be greater than 0.' })
  .max(MAX_BID_AMOUNT, { error: 'Amount must be at most 10,000,000.' })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'Amount can have at most 2 decimal places.' })
  .transform((v) => Math.round(v * 100));

const noteField = clearableText('Note', 2000);

/** POST /bids/{id}/answer: the subcontractor's bid (re-answerable while SUBMITTED). */
export const answerBidBody = z.strictObject({
  amount: bidAmountField,
  note: noteField,
  earliestStartDateTime: z
    .union(
      [
        z.iso
          .datetime({ offset: true })
          .refine(storableInstant)
          .transform((v) => new Date(v).toISOString()),
        z.literal(''),
        z.null(),
      ],
      {
        error: 'Earliest start date-time must be a valid ISO 8601 date-time.',
      },
    )
    .transform((v) => (v ? v : null))
    .optional(),
});
export type AnswerBidBody = z.infer<typeof answerBidBody>;

/** POST /bids/{id}/decline. */
export const declineBidBody = z.strictObject({ note: noteField });
export type DeclineBidBody = z.infer<typeof declineBidBody>;

/** GET /bids: a subcontractor's own requests, or the whole company's for the office. */
export const bidListQuery = z.strictObject({
  ...pageQuery,
  status: z.enum(BID_STATUSES, { error: `status must be one of ${BID_STATUSES.join(', ')}.` }).optional(),
  taskId: uuidField('Task').optional(),
});
export type BidListQuery = z.infer<typeof bidListQuery>;

export const bidSchema = z.object({
  id: z.string(),
  status: z.enum(BID_STATUSES),
  /** Dollars, 2 places; null until answered. */
  amount: z.number().nullable(),
  note: z.string().nullable(),
  earliestStartDateTime: z.string().nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
  subcontractor: z.object({ id: z.string(), name: z.string() }),
  task: z.object({
    id: z.string(),
    taskNumber: z.number(),
    name: z.string(),
    startDateTime: z.string().nullable(),
    expectedEndDateTime: z.string().nullable(),
    jobId: z.string(),
    jobNumber: z.number(),
    customerName: z.string(),
    siteAddress: z.string().nullable(),
  }),
});
export type Bid = z.infer<typeof bidSchema>;
