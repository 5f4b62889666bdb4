import type { Db } from '@fieldwork/db/connection';
import { portalSlug } from '@fieldwork/domain/portal/portal.rules';
import { compiledOnce } from '@fieldwork/db/compiled-once';

const tenantQuery = compiledOnce((db: Db, tenantId: string) => db.selectFrom('tenants').selectAll().where('id', '=', tenantId));

export async function findTenant(db: Db, tenantId: string) {
  return (await tenantQuery(db, tenantId))[0];
}

/** The company's row as findTenant reads it. */
export type TenantRow = NonNullable<Awaited<ReturnType<typeof findTenant>>>;

/** `verified`: whether the company may email its customers from the start (first-run setup) or only once its admin confirms the address. */
export async function insertTenant(db: Db, row: { id: string; name: string; timeZone: string; now: string; verified: boolean }): Promise<void> {
  await db
    .insertInto('tenants')
    .values({
      id: row.id,
      name: row.name,
      time_zone: row.timeZone,
      created_at: row.now,
      updated_at: row.now,
      version: 1,
      portal_slug: portalSlug(row.name, row.id),
      email_verified_at: row.verified ? row.now : null,
    })
    .execute();
}

type Optional<T> = T | null | undefined;
export type TenantPatch = {
  name: string;
  timeZone: string;
  version: number;
  now: string;
  financingUrl?: Optional<string>;
  email?: Optional<string>;
  phone?: Optional<string>;
  address?: Optional<string>;
  brandColor?: Optional<string>;
  portalEstimateLinkDays?: number | undefined;
  portalInvoiceLinkDays?: number | undefined;
};

/** Absent (undefined) keeps the stored value; null clears it. */
const kept = <K extends string>(column: K, value: Optional<string>) => (value !== undefined ? ({ [column]: value } as Record<K, string | null>) : {});

/** Conditional on version: a stale edit updates nothing and the caller answers 409. */
export async function updateTenant(db: Db, tenantId: string, patch: TenantPatch): Promise<boolean> {
  const result = await db
    .updateTable('tenants')
    .set({
      name: patch.name,
      time_zone: patch.timeZone,
      ...kept('financing_url', patch.financingUrl),
      ...kept('email', patch.email),
      ...kept('phone', patch.phone),
      ...kept('address', patch.address),
      ...kept('brand_color', patch.brandColor),
      ...(patch.portalEstimateLinkDays !== undefined ? { portal_estimate_link_days: patch.portalEstimateLinkDays } : {}),
      ...(patch.portalInvoiceLinkDays !== undefined ? { portal_invoice_link_days: patch.portalInvoiceLinkDays } : {}),
      updated_at: patch.now,
      version: patch.version + 1,
    })
    .where('id', '=', tenantId)
    .where('version', '=', patch.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countTenants(db: Db): Promise<number> {
  const row = await db
    .selectFrom('tenants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Claims a one-time flag; false when another request claimed it first (primary key). */
export async function claimFlag(db: Db, key: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('app_flags')
    .values({ key, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Every company's id (tenants has no row-level security: it is the list of companies itself). */
export async function listTenantIds(db: Db): Promise<string[]> {
  return (await db.selectFrom('tenants').select('id').orderBy('id').execute()).map((r) => r.id);
}

/**
 * Puts a logo in place (or removes it) and bumps the version; answers the logo it replaced so its file can be
 * deleted. A compare-and-swap on the previous logo: two uploads at once each replace exactly the logo they saw,
 * so no file is left behind unreferenced.
 */
export async function setTenantLogo(db: Db, tenantId: string, fileId: string | null, now: string): Promise<string | null> {
  for (let attempt = 0; ; attempt++) {
    const row = await db.selectFrom('tenants').select('logo_file_id').where('id', '=', tenantId).executeTakeFirst();
    if (!row || attempt === 50) throw new Error(`setTenantLogo: company ${tenantId} not found or its logo changing without end`);
    const before = row.logo_file_id;
    const result = await db
      .updateTable('tenants')
      .set((eb) => ({ logo_file_id: fileId, updated_at: now, version: eb('version', '+', 1) }))
      .where('id', '=', tenantId)
      .where('logo_file_id', before === null ? 'is' : '=', before)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return before;
  }
}
