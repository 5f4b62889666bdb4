import { z } from 'zod';
import { pageQuery } from '../common/common.schemas.ts';

/** What happened, in the log's own vocabulary; the message is the sentence a person reads. */
export const ACTIVITY_ACTIONS = [
  'JOB_CREATED',
  'JOB_UPDATED',
  'JOB_STATUS_CHANGED',
  'NOTE_ADDED',
  'NOTE_UPDATED',
  'NOTE_DELETED',
  'MEDIA_ADDED',
  'MEDIA_DELETED',
  'TASK_CREATED',
  'TASK_UPDATED',
  'TASK_ASSIGNED',
  'TASK_CLOSED',
  'TASK_CANCELLED',
  'TASK_REOPENED',
  'TASK_CLOCKED_IN',
  'TASK_CLOCKED_OUT',
  'TASK_CLOCK_ADJUSTED',
  'BID_REQUESTED',
  'BID_SUBMITTED',
  'BID_DECLINED',
  'BID_AWARDED',
  'BID_CLOSED',
  'ESTIMATE_CREATED',
  'ESTIMATE_UPDATED',
  'ESTIMATE_STATUS_CHANGED',
  'ESTIMATE_DELETED',
  'ESTIMATE_CONVERTED',
  'ESTIMATE_LINKED',
  'INVOICE_CREATED',
  'INVOICE_UPDATED',
  'INVOICE_STATUS_CHANGED',
  'INVOICE_DELETED',
  'INVOICE_LINKED',
  'PAYMENT_RECORDED',
  'PAYMENT_REFUNDED',
  'ON_MY_WAY',
  'COST_ADDED',
  'COST_UPDATED',
  'COST_DELETED',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const activityChangeSchema = z.object({ field: z.string(), oldValue: z.string().nullable(), newValue: z.string().nullable() });
export type ActivityChange = z.infer<typeof activityChangeSchema>;

export const activitySchema = z.object({
  _id: z.string(),
  action: z.enum(ACTIVITY_ACTIONS),
  message: z.string(),
  createdBy: z.object({ userId: z.string(), username: z.string(), profileImg: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  meta: z.array(activityChangeSchema),
});
export type Activity = z.infer<typeof activitySchema>;

export const activityListQuery = z.strictObject({ ...pageQuery });

/** Field-level differences between two flat snapshots, for the activity log. */
export function diffFields(before: Record<string, string | null>, after: Record<string, string | null>): ActivityChange[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => (before[field] ?? null) !== (after[field] ?? null))
    .map((field) => ({ field, oldValue: before[field] ?? null, newValue: after[field] ?? null }));
}
