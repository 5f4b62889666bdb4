import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import type { ActivityAction } from '@fieldwork/domain/jobs/activity.schemas';
import type { JobInfo, LineInputBody } from '@fieldwork/domain/billing/billing.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { formatCents } from '@fieldwork/domain/common/money.rules';
import { BILLING_MESSAGES } from '@fieldwork/domain/billing/invoices.rules';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import type { SecretBox } from '../../lib/secret-box.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import {
  insertDocumentRow,
  replaceLines,
  updateDraftRow,
  type NewLine,
  type OwnEdit,
  type OwnFields,
  type SharedFields,
} from './document-writes.repository.ts';
import { loadLines, type DocKind, type DocumentRow } from './documents.repository.ts';
import { checkServices, copyLines, figuresOf, resolveJobInfo } from './documents.service.ts';

/**
 * The write paths estimates and invoices share: create, edit a draft, copy into a new draft. Each runs the
 * number, the row, its lines and the activity entry in one transaction (the job's money columns follow through
 * the triggers of migration 0019).
 */
/** `box` seals one-time links of the emails a change sends (the routes pass the server's). */
export type BillingCtx = {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  viewer: Viewer;
  timeZone: string;
  box?: SecretBox;
  /** Where the product is reached from outside: the origin of the customer's personal links. */
  origin?: string;
  /** The demo's test checkout stands in for Stripe where a company has no keys. */
  demoPayments?: boolean;
};

const KIND = {
  estimate: { entity: 'ESTIMATE', word: 'estimate', created: 'ESTIMATE_CREATED', updated: 'ESTIMATE_UPDATED' },
  invoice: { entity: 'INVOICE', word: 'invoice', created: 'INVOICE_CREATED', updated: 'INVOICE_UPDATED' },
} as const satisfies Record<DocKind, { entity: string; word: string; created: ActivityAction; updated: ActivityAction }>;

/** The form a create or edit carries: the job block, the lines, money inputs, the shared text columns and the kind's own. */
export type DocumentInput = {
  mode: 'Draft' | 'Send';
  jobInfo: JobInfo;
  productServices: LineInputBody[];
  money: { freight: number; isDepositRequired: boolean; depositAmount: number };
  text: Pick<SharedFields, 'payment_term' | 'due_date' | 'customer_message'>;
  /** The kind's own columns: all of them for a new document, the edited ones for a draft edit. */
  own: OwnEdit;
};

const numberOf = (row: DocumentRow): number => ('estimate_number' in row ? row.estimate_number : row.invoice_number);

/** Columns a draft copy or a conversion takes over from its source document. */
export function carriedColumns(before: DocumentRow): Omit<SharedFields, 'status' | 'due_date'> {
  return {
    customer_id: before.customer_id,
    job_id: before.job_id,
    building_unit_id: before.building_unit_id,
    address_id: before.address_id,
    billing_contact_id: before.billing_contact_id,
    site_contact_id: before.site_contact_id,
    payment_term: before.payment_term,
    customer_message: before.customer_message,
    sub_total_cents: before.sub_total_cents,
    taxable_sub_total_cents: before.taxable_sub_total_cents,
    tax_cents: before.tax_cents,
    freight_cents: before.freight_cents,
    deposit_required: before.deposit_required,
    deposit_cents: before.deposit_cents,
    total_cents: before.total_cents,
  };
}

type InsertSpec = {
  id: string;
  shared: SharedFields;
  own: OwnFields;
  lines: NewLine[];
  message: (number: number) => string;
  /** Whose log entry it is when not the new document's own (a conversion logs on the estimate). */
  activity?: { entityType: 'ESTIMATE' | 'INVOICE'; entityId: string; action: ActivityAction };
};

/**
 * Inside the caller's transaction: the number, the row and its lines, and the log entry. A document the product
 * drafts on its own (a service plan's invoice) has no user behind it (userId null).
 */
export async function insertDocument(trx: Db, ctx: { viewer: { tenantId: string; userId: string | null } }, spec: InsertSpec): Promise<number> {
  const k = KIND[spec.own.kind];
  const { tenantId, userId } = ctx.viewer;
  const at = nowIso();
  const number = await insertDocumentRow(trx, tenantId, { id: spec.id, shared: spec.shared, own: spec.own, by: userId, at });
  await replaceLines(trx, spec.own.kind, tenantId, spec.id, spec.lines);
  const jobId = spec.shared.job_id;
  await recordActivity(trx, tenantId, {
    jobId,
    entityType: k.entity,
    entityId: spec.id,
    action: k.created,
    ...spec.activity,
    message: spec.message(number),
    actorId: userId,
    at,
  });
  return number;
}

/** POST /estimates and /invoices: server-computed figures; mode Send stores it as SENT at once. */
export async function createDocument(ctx: BillingCtx, input: DocumentInput & { own: OwnFields }): Promise<string> {
  const { tenantId } = ctx.viewer;
  const refs = await resolveJobInfo(ctx.db, tenantId, input.jobInfo);
  await checkServices(ctx.db, tenantId, input.productServices);
  const figures = figuresOf(input.productServices, input.money);
  const id = randomUUID();
  const shared = { status: input.mode === 'Send' ? 'SENT' : 'DRAFT', ...refs, ...input.text, ...figures.columns };
  await ctx.db
    .transaction()
    .execute((trx) =>
      insertDocument(trx, ctx, { id, shared, own: input.own, lines: figures.lines, message: (n) => `Created ${KIND[input.own.kind].word} #${n}` }),
    );
  return id;
}

/**
 * Only a draft is edited in place, at the version loaded (409 STALE_VERSION otherwise). A job already set
 * stays (linking is permanent); a draft without one may gain one here.
 */
export async function updateDraftDocument(ctx: BillingCtx, before: DocumentRow, input: DocumentInput & { version: number; paidCents?: number }): Promise<void> {
  const kind = input.own.kind;
  const k = KIND[kind];
  const { tenantId, userId } = ctx.viewer;
  const refs = await resolveJobInfo(ctx.db, tenantId, input.jobInfo, before.job_id);
  if (before.job_id && refs.job_id !== before.job_id) throw new AppError('CONFLICT', `This ${k.word} is linked to a job; linking is permanent.`);
  await checkServices(ctx.db, tenantId, input.productServices);
  const figures = figuresOf(input.productServices, input.money);
  // A draft that already carries a payment (a converted deposit) cannot drop below it.
  if (input.paidCents && figures.columns.total_cents < input.paidCents)
    throw new AppError('VALIDATION_FAILED', [BILLING_MESSAGES.totalBelowPaid(formatCents(input.paidCents))]);
  const at = nowIso();
  const shared = { ...refs, ...input.text, ...figures.columns, status: input.mode === 'Send' ? 'SENT' : 'DRAFT' };
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await updateDraftRow(trx, tenantId, before.id, input.version, { shared, own: input.own, at }))) throw new AppError('STALE_VERSION');
    await replaceLines(trx, kind, tenantId, before.id, figures.lines);
    await recordActivity(trx, tenantId, {
      jobId: refs.job_id,
      entityType: k.entity,
      entityId: before.id,
      action: k.updated,
      message: `Updated ${k.word} #${numberOf(before)}`,
      actorId: userId,
      at,
    });
  });
}

/** Editing a non-draft: a new draft with the same content; `own` holds the kind's columns of the copy. */
export async function copyIntoDraft(ctx: BillingCtx, before: DocumentRow, own: OwnFields): Promise<string> {
  const k = KIND[own.kind];
  const lines = await loadLines(ctx.db, own.kind, ctx.viewer.tenantId, before.id);
  const id = randomUUID();
  const shared = { status: 'DRAFT', ...carriedColumns(before), due_date: before.due_date };
  await ctx.db
    .transaction()
    .execute((trx) =>
      insertDocument(trx, ctx, { id, shared, own, lines: copyLines(lines), message: (n) => `Created draft ${k.word} #${n} from #${numberOf(before)}` }),
    );
  return id;
}
