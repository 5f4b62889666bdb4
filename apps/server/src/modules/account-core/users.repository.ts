import { withSecret } from '@fieldwork/db/tenant-scope';
import type { Db } from '@fieldwork/db/connection';
import type { Database, UsersTable } from '@fieldwork/db/schema';
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import { containsText, jsonArrayOf, jsonArrayValue, paging } from '@fieldwork/db/sql-helpers';
import type { UserListQuery } from '@fieldwork/domain/access/users.schemas';
import type { JobPeopleRole } from '@fieldwork/domain/jobs/job-people.rules';
import { compiledOnce } from '@fieldwork/db/compiled-once';

/** With the hourly labor cost rate migration 0010 adds. */
export type UserRow = UsersTable & { cost_rate_cents?: number };

/**
 * Login is by email alone, so this lookup spans tenants (opened by the email itself under row-level security);
 * emails are unique across the deployment.
 */
export function findUserByEmail(db: Db, email: string) {
  const loginEmail = email.toLowerCase();
  return withSecret({ loginEmail }, () => db.selectFrom('users').selectAll().where('email', '=', loginEmail).executeTakeFirst());
}

const userQuery = compiledOnce((db: Db, tenantId: string, userId: string) =>
  db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId).where('id', '=', userId),
);

export async function findUser(db: Db, tenantId: string, userId: string) {
  return (await userQuery(db, tenantId, userId))[0];
}

export type UserRef = { id: string; name: string };
export type UserRefs = { tags: UserRef[]; zones: UserRef[]; addedByName: string | null };

/** The company columns the signed-in user's answer carries (toCompanyDto), read beside the user. */
const COMPANY_COLUMNS = [
  'id',
  'name',
  'time_zone',
  'created_at',
  'updated_at',
  'version',
  'email',
  'phone',
  'address',
  'brand_color',
  'logo_file_id',
  'financing_url',
  'email_verified_at',
  'portal_slug',
  'portal_estimate_link_days',
  'portal_invoice_link_days',
] as const;

export type CompanyRow = Pick<Selectable<Database['tenants']>, (typeof COMPANY_COLUMNS)[number]>;

/**
 * The signed-in user with their tags, zones, who added them and their company, in one statement: every page load
 * reads it (GET /api/user/profile), and as five statements they were most of that request's time on SQLite.
 */
const signedInUserQuery = compiledOnce((db: Db, tenantId: string, userId: string) =>
  db
    .selectFrom('users')
    .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
    .selectAll('users')
    .select(COMPANY_COLUMNS.map((c) => sql.ref<unknown>(`tenants.${c}`).as(`company_${c}`)))
    .select((eb) => [
      jsonArrayOf(
        db,
        eb
          .selectFrom('user_tags')
          .innerJoin('tags', 'tags.id', 'user_tags.tag_id')
          .select(['tags.id', 'tags.name'])
          .where('user_tags.tenant_id', '=', tenantId)
          .whereRef('user_tags.user_id', '=', 'users.id')
          .orderBy('tags.name'),
      ).as('tag_refs'),
      jsonArrayOf(
        db,
        eb
          .selectFrom('user_zones')
          .innerJoin('zones', 'zones.id', 'user_zones.zone_id')
          .select(['zones.id', 'zones.name'])
          .where('user_zones.tenant_id', '=', tenantId)
          .whereRef('user_zones.user_id', '=', 'users.id')
          .orderBy('zones.name'),
      ).as('zone_refs'),
      eb
        .selectFrom('users as adder')
        .select('adder.name')
        .where('adder.tenant_id', '=', tenantId)
        .whereRef('adder.id', '=', 'users.added_by')
        .as('added_by_name'),
    ])
    .where('users.tenant_id', '=', tenantId)
    .where('users.id', '=', userId),
);

const COMPANY_ALIASES = COMPANY_COLUMNS.map((c) => [c, `company_${c}`] as const);

export async function findSignedInUser(db: Db, tenantId: string, userId: string): Promise<{ row: UserRow; refs: UserRefs; company: CompanyRow } | undefined> {
  const found = (await signedInUserQuery(db, tenantId, userId))[0] as (UserRow & Record<string, unknown>) | undefined;
  if (!found) return undefined;
  const company: Record<string, unknown> = {};
  for (const [column, alias] of COMPANY_ALIASES) company[column] = found[alias];
  const refs: UserRefs = {
    tags: jsonArrayValue(found.tag_refs as UserRef[] | string),
    zones: jsonArrayValue(found.zone_refs as UserRef[] | string),
    addedByName: (found.added_by_name as string | null) ?? null,
  };
  // The row keeps the company and reference columns beside the user's: the presenter reads users' columns by name.
  return { row: found, refs, company: company as CompanyRow };
}

export async function insertUser(db: Db, tenantId: string, row: Omit<UsersTable, 'tenant_id' | 'version'>): Promise<void> {
  await db
    .insertInto('users')
    .values({ ...row, tenant_id: tenantId, version: 1 })
    .execute();
}

/**
 * mayHoldJobRole (job-people.rules.ts) in SQL, class by class as viewerClass decides it: field roles first
 * (a subcontractor login never; a technician only as job lead), then admin by role name or full access, or
 * partial access.
 */
function eligibleForJobRole(jobRole: JobPeopleRole) {
  return (eb: ExpressionBuilder<Database, 'users'>) => {
    const role = eb.fn<string>('lower', ['users.role']);
    const office = eb.and([
      eb(role, 'not in', ['technician', 'tech access', 'subcontractor']),
      eb.or([eb(role, 'like', '%admin%'), eb('users.access', 'in', ['fullAccess', 'partialAccess'])]),
    ]);
    return jobRole === 'jobLead' ? eb.or([office, eb(role, 'in', ['technician', 'tech access'])]) : office;
  };
}

export async function listUsers(db: Db, tenantId: string, q: UserListQuery): Promise<{ rows: UserRow[]; total: number }> {
  let base = db.selectFrom('users').where('users.tenant_id', '=', tenantId);
  if (q.search) base = base.where(containsText(q.searchBy === 'email' ? 'users.email' : 'users.name', q.search));
  if (q.name) base = base.where(containsText('users.name', q.name));
  if (q.addedBy) base = base.where('users.added_by', '=', q.addedBy);
  if (q.joinedOnStartDate) base = base.where('users.created_at', '>=', new Date(q.joinedOnStartDate).toISOString());
  if (q.joinedOnEndDate) base = base.where('users.created_at', '<=', new Date(q.joinedOnEndDate).toISOString());
  if (q.status) base = base.where('users.status', '=', q.status);
  if (q.role) base = base.where('users.role', '=', q.role);
  if (q.eligibleFor) base = base.where(eligibleForJobRole(q.eligibleFor));
  if (q.tags?.length) {
    const tags = q.tags;
    base = base.where((eb) =>
      eb.exists(eb.selectFrom('user_tags').select('user_tags.user_id').whereRef('user_tags.user_id', '=', 'users.id').where('user_tags.tag_id', 'in', tags)),
    );
  }
  if (q.zones?.length) {
    const zones = q.zones;
    base = base.where((eb) =>
      eb.exists(
        eb.selectFrom('user_zones').select('user_zones.user_id').whereRef('user_zones.user_id', '=', 'users.id').where('user_zones.zone_id', 'in', zones),
      ),
    );
  }
  const { limit, offset } = paging(q.page, q.limit);
  const [rows, count] = await Promise.all([
    base
      .selectAll('users')
      .orderBy(`users.${q.orderByKey === 'createdAt' ? 'created_at' : q.orderByKey}`, q.orderByValue)
      .orderBy('users.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The tags and zones of `userIds`, and the names of `nameIds` (by default the same people; none read when empty). */
export async function loadUserRefs(db: Db, tenantId: string, userIds: string[], nameIds: string[] = userIds) {
  if (userIds.length === 0) return { tags: [], zones: [], names: [] };
  const [tags, zones, names] = await Promise.all([
    db
      .selectFrom('user_tags')
      .innerJoin('tags', 'tags.id', 'user_tags.tag_id')
      .select(['user_tags.user_id', 'tags.id', 'tags.name'])
      .where('user_tags.tenant_id', '=', tenantId)
      .where('user_tags.user_id', 'in', userIds)
      .orderBy('tags.name')
      .execute(),
    db
      .selectFrom('user_zones')
      .innerJoin('zones', 'zones.id', 'user_zones.zone_id')
      .select(['user_zones.user_id', 'zones.id', 'zones.name'])
      .where('user_zones.tenant_id', '=', tenantId)
      .where('user_zones.user_id', 'in', userIds)
      .orderBy('zones.name')
      .execute(),
    nameIds.length ? db.selectFrom('users').select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', 'in', nameIds).execute() : [],
  ]);
  return { tags, zones, names };
}

export async function replaceUserTagsAndZones(db: Db, tenantId: string, userId: string, tagIds: string[], zoneIds: string[]): Promise<void> {
  await db.deleteFrom('user_tags').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
  await db.deleteFrom('user_zones').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
  if (tagIds.length)
    await db
      .insertInto('user_tags')
      .values(tagIds.map((tag_id) => ({ tenant_id: tenantId, user_id: userId, tag_id })))
      .execute();
  if (zoneIds.length)
    await db
      .insertInto('user_zones')
      .values(zoneIds.map((zone_id) => ({ tenant_id: tenantId, user_id: userId, zone_id })))
      .execute();
}

/** Version-checked update: false when someone else changed the user first. */
export async function updateUserRow(
  db: Db,
  tenantId: string,
  userId: string,
  version: number | null,
  patch: Partial<Pick<UsersTable, 'name' | 'phone' | 'role' | 'access' | 'status' | 'photo_file_id' | 'password_hash' | 'password_changed_at'>> & {
    updated_at: string;
    cost_rate_cents?: number;
  },
): Promise<boolean> {
  let query = db
    .updateTable('users')
    .set((eb) => ({ ...patch, version: eb('version', '+', 1) }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId);
  if (version !== null) query = query.where('version', '=', version);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countActiveAdmins(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'ACTIVE')
    .where((eb) => eb.or([eb('access', '=', 'fullAccess'), eb(eb.fn('lower', ['role']), 'like', '%admin%')]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ids that exist in this tenant; used to refuse another tenant's tag or zone ids. */
export async function existingIds(db: Db, tenantId: string, table: 'tags' | 'zones', ids: string[], tagType?: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  let query = db.selectFrom(table).select('id').where('tenant_id', '=', tenantId).where('id', 'in', ids);
  if (tagType && table === 'tags') query = query.where('type', '=', tagType);
  const rows = await query.execute();
  return new Set(rows.map((r) => r.id));
}
