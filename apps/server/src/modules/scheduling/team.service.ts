import { sql } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import { containsText, paging } from '@fieldwork/db/sql-helpers';
import { pageMeta } from '@fieldwork/domain/common.schemas';
import type { TeamMember, TeamQuery } from '@fieldwork/domain/scheduling.schemas';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { loadSubcontractorRefs } from '../subcontractors/subcontractors.repository.ts';
import { loadUserRefs } from '../users/users.repository.ts';
import { photoUrl } from '../users/users.presenter.ts';

/** The roles that make a user a technician (packages/domain isTechnicianRole, as stored). */
export const TECHNICIAN_ROLES = ['Technician', 'Tech Access'];

/** Active technicians of the company by name, qualification tag and operating zone (the team list and the availability picker). */
export function technicians(db: Db, tenantId: string, q: Pick<TeamQuery, 'search' | 'technicianTagIds' | 'technicianZoneIds'>) {
  return db
    .selectFrom('users')
    .where('users.tenant_id', '=', tenantId)
    .where('users.status', '=', 'ACTIVE')
    .where('users.role', 'in', TECHNICIAN_ROLES)
    .$if(Boolean(q.search), (qb) => qb.where(containsText('users.name', q.search!)))
    .$if(Boolean(q.technicianTagIds?.length), (qb) =>
      qb.where((eb) => eb.exists(eb.selectFrom('user_tags').select('user_tags.user_id').whereRef('user_tags.user_id', '=', 'users.id').where('user_tags.tag_id', 'in', q.technicianTagIds!))),
    )
    .$if(Boolean(q.technicianZoneIds?.length), (qb) =>
      qb.where((eb) => eb.exists(eb.selectFrom('user_zones').select('user_zones.user_id').whereRef('user_zones.user_id', '=', 'users.id').where('user_zones.zone_id', 'in', q.technicianZoneIds!))),
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
          eb.selectFrom('subcontractor_tags').select('subcontractor_tags.subcontractor_id').whereRef('subcontractor_tags.subcontractor_id', '=', 'subcontractors.id').where('subcontractor_tags.tag_id', 'in', q.subcontractorTagIds!),
        ),
      ),
    )
    .$if(Boolean(q.subcontractorZonesId?.length), (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb.selectFrom('subcontractor_zones').select('subcontractor_zones.subcontractor_id').whereRef('subcontractor_zones.subcontractor_id', '=', 'subcontractors.id').where('subcontractor_zones.zone_id', 'in', q.subcontractorZonesId!),
        ),
      ),
    );
}

/**
 * GET /tasks/team: one page of the company's active technicians and subcontractors together, by name
 * (case-insensitive), then id. Both sides are filtered in SQL and merged with UNION ALL, so paging and the
 * total cover the whole team; tags and zones come from the users' and subcontractors' own ref loaders.
 */
export async function listTeam(db: Db, auth: Pick<AuthContext, 'viewer'>, q: TeamQuery) {
  const tenantId = auth.viewer.tenantId;
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
    wantTech ? technicians(db, tenantId, q).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow() : { n: 0 },
    wantSub ? subcontractors(db, tenantId, q).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow() : { n: 0 },
  ]);
  const techIds = rows.filter((r) => r.type === 'TECHNICIAN').map((r) => r.id);
  const subIds = rows.filter((r) => r.type === 'SUBCONTRACTOR').map((r) => r.id);
  const [userRefs, subRefs] = await Promise.all([loadUserRefs(db, tenantId, techIds), loadSubcontractorRefs(db, tenantId, subIds, [])]);
  const refsOf = (list: { id: string; name: string }[]) => list.map(({ id, name }) => ({ id, name }));
  const items: TeamMember[] = rows.map((r) =>
    r.type === 'TECHNICIAN'
      ? {
          id: r.id,
          name: r.name,
          type: 'TECHNICIAN',
          tags: refsOf(userRefs.tags.filter((t) => t.user_id === r.id)),
          zones: refsOf(userRefs.zones.filter((z) => z.user_id === r.id)),
          profilePictureUrl: photoUrl({ id: r.id, photo_file_id: r.photo_file_id }),
        }
      : {
          id: r.id,
          name: r.name,
          type: 'SUBCONTRACTOR',
          tags: refsOf(subRefs.tags.filter((t) => t.subcontractor_id === r.id)),
          zones: refsOf(subRefs.zones.filter((z) => z.subcontractor_id === r.id)),
          profilePictureUrl: null,
        },
  );
  return { items, meta: pageMeta(Number(techCount.n) + Number(subCount.n), q.page, q.limit) };
}
