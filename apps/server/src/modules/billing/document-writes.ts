import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { nextNumber } from '@fieldwork/db/counters';
import { nowIso } from '@fieldwork/db/sql-helpers';
import type { ActivityAction } from '@fieldwork/domain/activity.schemas';
import type { JobInfo, LineInputBody } from '@fieldwork/domain/billing.schemas';
import { AppError } from '@fieldwork/domain/errors';
import { formatCents } from '@fieldwork/domain/money';
import { BILLING_MESSAGES } from '@fieldwork/domain/invoices.rules';
import type { Viewer } from '@fieldwork/domain/roles';
import { recordActivity } from '../activity/activity.repository.ts';
import { loadLines, replaceLines, type DocKind, type DocumentRow } from './documents.repository.ts';
import { checkServices, copyLines, figuresOf, resolveJobInfo } from './documents.service.ts';

/**
 * The write paths estimates and invoices share: create, edit a draft, copy into a new draft. Each runs the
 * number, the row, its lines, the job's money columns and the activity entry in one transaction.
 */
export type BillingCtx = { db: Db; dialect: 'sqlite' | 'postgres'; viewer: Viewer; timeZone: string };

const KIND = {
  estimate: { table: 'estimates', number: 'estimate_number', entity: 'ESTIMATE', word: 'estimate', created: 'ESTIMATE_CREATED', updated: 'ESTIMATE_UPDATED' },
  invoice: { table: 'invoices', number: 'invoice_number', entity: 'INVOICE', word: 'invoice', created: 'INVOICE_CREATED', updated: 'INVOICE_UPDATED' },
} as const satisfies Record<DocKind, { table: string; number: string; entity: string; word: string; created: ActivityAction; updated: ActivityAction }>;

/** The form a create or edit carries: the job block, the lines, money inputs and the kind's own columns. */
export type DocumentInput = {
  mode: 'Draft' | 'Send';
  jobInfo: JobInfo;
  productServices: LineInputBody[];
  money: { freight: number; isDepositRequired: boolean; depositAmount: number };
  columns: Record<string, unknown>;
};

/** Columns a draft copy or a conversion takes over from its source document. */
export function carriedColumns(before: DocumentRow) {
  return {
    customer_id: before.customer_id, job_id: before.job_id, building_unit_id: before.building_unit_id, address_id: before.address_id,
    billing_contact_id: before.billing_contact_id, site_contact_id: before.site_contact_id, payment_term: before.payment_term,
    customer_message: before.customer_message, sub_total_cents: before.sub_total_cents, taxable_sub_total_cents: before.taxable_sub_total_cents,
    tax_cents: before.tax_cents, freight_cents: before.freight_cents, deposit_required: before.deposit_required, deposit_cents: before.deposit_cents,
    total_cents: before.total_cents,
  };
}

type InsertSpec = {
  id: string;
  columns: Record<string, unknown>;
  lines: Parameters<typeof replaceLines>[4];
  jobId: string | null;
  message: (number: number) => string;
  /** Whose log entry it is when not the new document's own (a conversion logs on the estimate). */
  activity?: { entityType: 'ESTIMATE' | 'INVOICE'; entityId: string; action: ActivityAction };
};

/** Inside the caller's transaction: allocate the number, insert the row and its lines, refresh the job. */
export async function insertDocument(trx: Db, ctx: BillingCtx, kind: DocKind, spec: InsertSpec): Promise<number> {
  const k = KIND[kind];
  const { tenantId, userId } = ctx.viewer;
  const at = nowIso();
  const number = await nextNumber(trx, tenantId, kind);
  await trx
    .insertInto(k.table as 'estimates')
    .values({ id: spec.id, tenant_id: tenantId, [k.number]: number, ...spec.columns, created_by: userId, created_at: at, updated_at: at, version: 1 } as never)
    .execute();
  await replaceLines(trx, kind, tenantId, spec.id, spec.lines);
  await recordActivity(trx, tenantId, { jobId: spec.jobId, entityType: k.entity, entityId: spec.id, action: k.created, ...spec.activity, message: spec.message(number), actorId: userId, at });
  return number;
}

/** POST /estimates and /invoices: server-computed figures; mode Send stores it as SENT at once. */
export async function createDocument(ctx: BillingCtx, kind: DocKind, input: DocumentInput): Promise<string> {
  const { tenantId } = ctx.viewer;
  const refs = await resolveJobInfo(ctx.db, tenantId, input.jobInfo);
  await checkServices(ctx.db, tenantId, input.productServices);
  const figures = figuresOf(input.productServices, input.money);
  const id = randomUUID();
  await ctx.db.transaction().execute((trx) =>
    insertDocument(trx, ctx, kind, {
      id,
      columns: { status: input.mode === 'Send' ? 'SENT' : 'DRAFT', ...refs, ...input.columns, ...figures.columns },
      lines: figures.lines,
      jobId: refs.job_id,
      message: (n) => `Created ${KIND[kind].word} #${n}`,
    }),
  );
  return id;
}

/**
 * Only a draft is edited in place, at the version loaded (409 STALE_VERSION otherwise). A job already set
 * stays (linking is permanent); a draft without one may gain one here.
 */
export async function updateDraftDocument(ctx: BillingCtx, kind: DocKind, before: DocumentRow, input: DocumentInput & { version: number; paidCents?: number }): Promise<void> {
  const k = KIND[kind];
  const { tenantId, userId } = ctx.viewer;
  const refs = await resolveJobInfo(ctx.db, tenantId, input.jobInfo, before.job_id);
  if (before.job_id && refs.job_id !== before.job_id) throw new AppError('CONFLICT', `This ${k.word} is linked to a job; linking is permanent.`);
  await checkServices(ctx.db, tenantId, input.productServices);
  const figures = figuresOf(input.productServices, input.money);
  // A draft that already carries a payment (a converted deposit) cannot drop below it.
  if (input.paidCents && figures.columns.total_cents < input.paidCents) throw new AppError('VALIDATION_FAILED', [BILLING_MESSAGES.totalBelowPaid(formatCents(input.paidCents))]);
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable(k.table as 'estimates')
      .set({ ...refs, ...input.columns, ...figures.columns, status: input.mode === 'Send' ? 'SENT' : 'DRAFT', updated_at: at, version: input.version + 1 } as never)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', before.id)
      .where('version', '=', input.version)
      .where('status', '=', 'DRAFT')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError('STALE_VERSION');
    await replaceLines(trx, kind, tenantId, before.id, figures.lines);
    const number = (before as Record<string, unknown>)[k.number] as number;
    await recordActivity(trx, tenantId, { jobId: refs.job_id, entityType: k.entity, entityId: before.id, action: k.updated, message: `Updated ${k.word} #${number}`, actorId: userId, at });
  });
}

/** Editing a non-draft: a new draft with the same content; `own` holds the kind's columns of the copy. */
export async function copyIntoDraft(ctx: BillingCtx, kind: DocKind, before: DocumentRow, own: Record<string, unknown>): Promise<string> {
  const k = KIND[kind];
  const lines = await loadLines(ctx.db, kind, ctx.viewer.tenantId, before.id);
  const id = randomUUID();
  const sourceNumber = (before as Record<string, unknown>)[k.number] as number;
  await ctx.db.transaction().execute((trx) =>
    insertDocument(trx, ctx, kind, {
      id,
      columns: { status: 'DRAFT', ...carriedColumns(before), due_date: before.due_date, ...own },
      lines: copyLines(lines),
      jobId: before.job_id,
      message: (n) => `Created draft ${k.word} #${n} from #${sourceNumber}`,
    }),
  );
  return id;
}
