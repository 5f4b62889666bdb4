import type { Db } from '@fieldwork/db/connection';

export function findTenant(db: Db, tenantId: string) {
  return db.selectFrom('tenants').selectAll().where('id', '=', tenantId).executeTakeFirst();
}

export async function insertTenant(db: Db, row: { id: string; name: string; timeZone: string; now: string }): Promise<void> {
  await db
    .insertInto('tenants')
    .values({ id: row.id, name: row.name, time_zone: row.timeZone, created_at: row.now, updated_at: row.now, version: 1 })
    .execute();
}

/** Conditional on version: a stale edit updates nothing and the caller answers 409. */
export async function updateTenant(
  db: Db,
  tenantId: string,
  patch: { name: string; timeZone: string; version: number; now: string; financingUrl?: string | null | undefined },
): Promise<boolean> {
  const result = await db
    .updateTable('tenants')
    .set({
      name: patch.name,
      time_zone: patch.timeZone,
      // Absent keeps the stored URL; null clears it.
      ...(patch.financingUrl !== undefined ? { financing_url: patch.financingUrl } : {}),
      updated_at: patch.now,
      version: patch.version + 1,
    })
    .where('id', '=', tenantId)
    .where('version', '=', patch.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countTenants(db: Db): Promise<number> {
  const row = await db.selectFrom('tenants').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Claims a one-time flag; false when another request claimed it first (primary key). */
export async function claimFlag(db: Db, key: string, now: string): Promise<boolean> {
  const result = await db.insertInto('app_flags').values({ key, created_at: now }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Every company's id (tenants has no row-level security: it is the list of companies itself). */
export async function listTenantIds(db: Db): Promise<string[]> {
  return (await db.selectFrom('tenants').select('id').orderBy('id').execute()).map((r) => r.id);
}
