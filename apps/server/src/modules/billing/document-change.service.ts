import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { runTransaction } from '@fieldwork/db/transactions';
import type { AppError } from '@fieldwork/domain/common/errors.schemas';
import { recordActivity, type ActivityEntry } from '../activity/activity.repository.ts';
import type { BillingCtx } from './document-writes.service.ts';

/**
 * One change of an estimate or invoice — a status move, a payment, a delete, a link — the one way they run:
 * refused up front when the domain's tables refuse the record as read; otherwise its conditional write and its
 * activity row in one transaction. A write that finds no row (a racing change got there first) is refused as well,
 * so of two racing changes exactly one lands. The job's money columns follow through the triggers of migration 0019.
 */
export type DocumentChange = {
  allowed: boolean;
  refuse: () => AppError;
  /** When the write found no row, if the answer should say more than `refuse` (read in the same transaction). */
  refuseAfterWrite?: (trx: Db) => Promise<AppError>;
  /** The conditional write: false when the row is no longer in a state the change starts from. */
  write: (trx: Db, at: string) => Promise<boolean>;
  activity: Omit<ActivityEntry, 'actorId' | 'at' | 'changes'>;
  /** A status move: its labels before and after, logged as the change of the Status field. */
  status?: { from: string; to: string };
  /** More of the same change, in its transaction after the write (an email it sends); its text is added to the log entry. */
  also?: (trx: Db) => Promise<string | null>;
};

/** Who changes the document: a signed-in user, or nobody of the company (a customer answering in the portal). */
export type ChangeCtx = Pick<BillingCtx, 'db'> & { viewer: { tenantId: string; userId: string | null } };

export async function changeDocument(ctx: ChangeCtx, change: DocumentChange): Promise<void> {
  if (!change.allowed) throw change.refuse();
  const at = nowIso();
  await runTransaction(ctx.db, async (trx) => {
    if (!(await change.write(trx, at))) throw change.refuseAfterWrite ? await change.refuseAfterWrite(trx) : change.refuse();
    const changes = change.status ? { changes: [{ field: 'Status', oldValue: change.status.from, newValue: change.status.to }] } : {};
    const more = change.also ? await change.also(trx) : null;
    const message = more ? `${change.activity.message} — ${more}` : change.activity.message;
    await recordActivity(trx, ctx.viewer.tenantId, { ...change.activity, message, ...changes, actorId: ctx.viewer.userId, at });
  });
}
