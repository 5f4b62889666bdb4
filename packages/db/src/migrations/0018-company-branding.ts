import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * What a company shows of itself on documents and, later, in emails and the customer portal. Frozen once shipped.
 *
 * - tenants.email / phone / address: printed under the name on estimates and invoices.
 * - tenants.brand_color: '#rrggbb' for document titles and headers; null is the product's own blue.
 * - tenants.logo_file_id: the logo's bytes live in `files` (row-level security by tenant) like profile photos.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  for (const column of ['email text', 'phone text', 'address text', 'brand_color text', 'logo_file_id text references files(id)']) {
    await sql.raw(`alter table tenants add column ${column}`).execute(db);
  }
}
