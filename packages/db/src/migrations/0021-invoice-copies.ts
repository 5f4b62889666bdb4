import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Which invoice a draft was copied from. Editing an invoice that has left draft (sent, paid…) never changes it: it
 * copies it into a new draft, and both ends of that link must be findable — the copy says "Copied from Invoice #31"
 * and the original lists its copies — so a bookkeeper can see that two invoices of one job are one bill, not two.
 * previous_invoice_number only held the original's number; the id survives renumbering and is indexed for the
 * reverse lookup. Existing copies are linked by that number. Frozen once shipped.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await sql.raw(`alter table invoices add column copied_from_invoice_id text references invoices(id) on delete set null`).execute(db);
  await sql.raw(`create index invoices_copied_from on invoices (tenant_id, copied_from_invoice_id) where copied_from_invoice_id is not null`).execute(db);
  // The backfill rewrites rows of every company: on PostgreSQL the owner lifts row-level security around it.
  if (dialect === 'postgres') await sql.raw(`alter table invoices no force row level security`).execute(db);
  await sql
    .raw(
      `update invoices set copied_from_invoice_id = (select o.id from invoices o where o.tenant_id = invoices.tenant_id and o.invoice_number = invoices.previous_invoice_number)
       where previous_invoice_number is not null`,
    )
    .execute(db);
  if (dialect === 'postgres') await sql.raw(`alter table invoices force row level security`).execute(db);
}
