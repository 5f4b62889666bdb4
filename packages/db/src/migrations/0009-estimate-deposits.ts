import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Deposit received on an estimate (status PAID, "Deposit Paid"). Frozen once shipped.
 * The deposit amount is the estimate's deposit_cents; these columns record when and how it came in. When the
 * estimate is converted, the deposit becomes the first payment of the new invoice.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  const statements = [
    `alter table estimates add column deposit_paid_on text`,
    `alter table estimates add column deposit_method text`,
    `alter table estimates add column deposit_reference text`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
