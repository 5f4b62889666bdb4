import { randomUUID } from 'node:crypto';
import { expressionBuilder, sql, type Expression, type Insertable, type SqlBool } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import { nextNumber } from '@fieldwork/db/counters';
import type { Database } from '@fieldwork/db/schema';
import type { DocumentColumns } from '@fieldwork/db/schema-billing';
import type { DocKind, LineRow } from './documents.repository.ts';

/**
 * Writes shared by estimates and invoices: the row, its lines, the draft edit, the link to a job. A write on a
 * document moves its job's money columns through the triggers of migration 0019, in the same statement.
 */
type Meta = 'tenant_id' | 'created_by' | 'created_at' | 'updated_at' | 'version';

/** The columns both tables have, as a create or a draft edit writes them. */
export type SharedFields = Omit<DocumentColumns, Meta> & { status: string };
type EstimateOwn = Omit<Insertable<Database['estimates']>, keyof DocumentColumns | 'id' | 'status' | 'estimate_number'>;
type InvoiceOwn = Omit<Insertable<Database['invoices']>, keyof DocumentColumns | 'id' | 'status' | 'invoice_number'>;
/** The columns only one kind has, tagged with that kind: all of them for a new row, some for a draft edit. */
export type OwnFields = { kind: 'estimate'; columns: EstimateOwn } | { kind: 'invoice'; columns: InvoiceOwn };
export type OwnEdit = { kind: 'estimate'; columns: Partial<EstimateOwn> } | { kind: 'invoice'; columns: Partial<InvoiceOwn> };

export type NewLine = Omit<LineRow, 'id' | 'tenant_id' | 'position'>;

/** Conditions on the shared columns, unqualified, so one expression serves either table. */
const shared = expressionBuilder<{ document: DocumentColumns & { id: string; status: string } }, 'document'>();
const documentIs = (tenantId: string, id: string) => shared.and([shared('tenant_id', '=', tenantId), shared('id', '=', id)]);
const bumped = sql<number>`version + 1`;

/** Inside the caller's transaction: the kind's next number, then the row. Returns the number. */
export async function insertDocumentRow(
  trx: Db,
  tenantId: string,
  row: { id: string; shared: SharedFields; own: OwnFields; by: string | null; at: string },
): Promise<number> {
  const number = await nextNumber(trx, tenantId, row.own.kind);
  const meta = { id: row.id, tenant_id: tenantId, created_by: row.by, created_at: row.at, updated_at: row.at, version: 1 };
  if (row.own.kind === 'estimate')
    await trx
      .insertInto('estimates')
      .values({ ...row.shared, ...row.own.columns, ...meta, estimate_number: number })
      .execute();
  else
    await trx
      .insertInto('invoices')
      .values({ ...row.shared, ...row.own.columns, ...meta, invoice_number: number })
      .execute();
  return number;
}

/** A draft edit, only at the version read and while still a draft; false otherwise. */
export async function updateDraftRow(
  trx: Db,
  tenantId: string,
  id: string,
  version: number,
  fields: { shared: SharedFields; own: OwnEdit; at: string },
): Promise<boolean> {
  const set = { ...fields.shared, updated_at: fields.at, version: version + 1 };
  const still = shared.and([documentIs(tenantId, id), shared('version', '=', version), shared('status', '=', 'DRAFT')]);
  const result =
    fields.own.kind === 'estimate'
      ? await trx
          .updateTable('estimates')
          .set({ ...set, ...fields.own.columns })
          .where(still)
          .executeTakeFirst()
      : await trx
          .updateTable('invoices')
          .set({ ...set, ...fields.own.columns })
          .where(still)
          .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Link once: the job is set only while the document has none and is not void; false otherwise. */
export async function setDocumentJobIf(trx: Db, kind: DocKind, tenantId: string, id: string, jobId: string, at: string): Promise<boolean> {
  const set = { job_id: jobId, updated_at: at, version: bumped };
  const loose: Expression<SqlBool> = shared.and([documentIs(tenantId, id), shared('job_id', 'is', null), shared('status', '<>', 'VOID')]);
  const result =
    kind === 'estimate'
      ? await trx.updateTable('estimates').set(set).where(loose).executeTakeFirst()
      : await trx.updateTable('invoices').set(set).where(loose).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The document's lines become these, in order. */
export async function replaceLines(trx: Db, kind: DocKind, tenantId: string, id: string, lines: NewLine[]): Promise<void> {
  const rows = lines.map((l, position) => ({ ...l, id: randomUUID(), tenant_id: tenantId, position }));
  if (kind === 'estimate') {
    await trx.deleteFrom('estimate_lines').where('tenant_id', '=', tenantId).where('estimate_id', '=', id).execute();
    if (rows.length)
      await trx
        .insertInto('estimate_lines')
        .values(rows.map((r) => ({ ...r, estimate_id: id })))
        .execute();
  } else {
    await trx.deleteFrom('invoice_lines').where('tenant_id', '=', tenantId).where('invoice_id', '=', id).execute();
    if (rows.length)
      await trx
        .insertInto('invoice_lines')
        .values(rows.map((r) => ({ ...r, invoice_id: id })))
        .execute();
  }
}
