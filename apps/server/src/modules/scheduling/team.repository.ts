import { sql } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import { containsText, paging } from '@fieldwork/db/sql-helpers';
import type { TeamQuery } from '@fieldwork/domain/scheduling/scheduling.schemas';

/** The company's team as the scheduler lists it: active technicians and subcontractors, tenantId first. */

/** The roles that make a user a technician (packages/domain isTechnicianRole, as stored). */
export const TECHNICIAN_ROLES = ['Technician', 'Tech Access'];

type TechnicianFilter = Pick<TeamQuery, 'search' | 'technicianTagIds' | 'technicianZoneIds'>;

/** Active technicians of the company by name, qualification tag and operating zone. */
function technicians(db: Db, tenantId: string, q: TechnicianFilter) {
  return db
    .selectFrom('users')
    .where('users.tenant_id', '=', tenantId)
    .where('users.status', '=', 'ACTIVE')
    .where('users.role', 'in', TECHNICIAN_ROLES)
    .$if(Boolean(q.search), (qb) => qb.where(containsText('users.name', q.search!)))
    .$if(Boolean(q.technicianTagIds?.length), (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom('user_tags')
            .select('user_tags.user_id')
            .whereRef('user_tags.user_id', '=', 'users.id')
            .where('user_tags.tag_id', 'in', q.technicianTagIds!),
        ),
      ),
    )
    .$if(Boolean(q.technicianZoneIds?.length), (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom('user_zones')
            .select('user_zones.user_id')
            .whereRef('user_zones.user_id', '=', 'users.id')
            .where('user_zones.zone_id', 'in', q.technicianZoneIds!),
        ),
      ),
    );
}

function subcontractors(db: Db, tenantId: string, q: TeamQuery) {
  return db
    .selectFrom('subcontractors')
    .where('subcontractors.tenant_id', '=', tenantId)
    .where('subcontractors.is_active', '=', 1)
    .$if(Boolean(q.search), (qb) => qb.where(containsText('subcontractors.name', q.search!)))
    .$if(Boolean(q.subcontractorTagIds?.length), (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom('subcontractor_tags')
            .select('subcontractor_tags.subcontractor_id')
            .whereRef('subcontractor_tags.subcontractor_id', '=', 'subcontractors.id')
            .where('subcontractor_tags.tag_id', 'in', q.subcontractorTagIds!),
        ),
      ),
    )
    .$if(Boolean(q.subcontractorZonesId?.length), (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom('subcontractor_zones')
            .select('subcontractor_zones.subcontractor_id')
            .whereRef('subcontractor_zones.subcontractor_id', '=', 'subcontractors.id')
            .where('subcontractor_zones.zone_id', 'in', q.subcontractorZonesId!),
        ),
      ),
    );
}

/** A page of technicians by name, then id (the availability picker), and how many match. */
export async function pageTechnicians(db: Db, tenantId: string, q: TechnicianFilter & { page: number; limit: number }) {
  const base = technicians(db, tenantId, q);
  const { limit, offset } = paging(q.page, q.limit);
  const [rows, total] = await Promise.all([
    base.select(['users.id', 'users.name', 'users.photo_file_id']).orderBy('users.name').orderBy('users.id').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/**
 * One page of technicians and subcontractors together, by name (case-insensitive), then id: both sides filtered in
 * SQL and merged with UNION ALL, so paging and the total cover the whole team. `type` limits it to one side.
 */
export async function pageTeam(db: Db, tenantId: string, q: TeamQuery) {
  const wantTech = q.type !== 'SUBCONTRACTOR';
  const wantSub = q.type !== 'TECHNICIAN';
  const techRows = technicians(db, tenantId, q).select([
    'users.id',
    'users.name',
    sql<string>`'TECHNICIAN'`.as('type'),
    'users.photo_file_id',
    sql<string>`lower(users.name)`.as('sort_name'),
  ]);
  const subRows = subcontractors(db, tenantId, q).select([
    'subcontractors.id',
    'subcontractors.name',
    sql<string>`'SUBCONTRACTOR'`.as('type'),
    sql<string | null>`null`.as('photo_file_id'),
    sql<string>`lower(subcontractors.name)`.as('sort_name'),
  ]);
  const { limit, offset } = paging(q.page, q.limit);
  const union = wantTech && wantSub ? techRows.unionAll(subRows) : wantTech ? techRows : subRows;
  const [rows, techCount, subCount] = await Promise.all([
    db.selectFrom(union.as('team')).selectAll().orderBy('sort_name').orderBy('id').limit(limit).offset(offset).execute(),
    wantTech
      ? technicians(db, tenantId, q)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      : { n: 0 },
    wantSub
      ? subcontractors(db, tenantId, q)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      : { n: 0 },
  ]);
  return { rows, total: Number(techCount.n) + Number(subCount.n) };
}
