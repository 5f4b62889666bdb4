import type { Db } from '@fieldwork/db/connection';
import { pageMeta } from '@fieldwork/domain/common/common.schemas';
import type { TeamMember, TeamQuery } from '@fieldwork/domain/scheduling/scheduling.schemas';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { loadSubcontractorRefs } from '../subcontractors/subcontractors.repository.ts';
import { loadUserRefs } from '../account-core/users.repository.ts';
import { photoUrl } from '../account-core/users.presenter.ts';
import { pageTeam } from './team.repository.ts';

/**
 * GET /tasks/team: one page of the company's active technicians and subcontractors together, by name
 * (case-insensitive), then id (team.repository.ts pageTeam); tags and zones come from the users' and
 * subcontractors' own ref loaders.
 */
export async function listTeam(db: Db, auth: Pick<AuthContext, 'viewer'>, q: TeamQuery) {
  const tenantId = auth.viewer.tenantId;
  const { rows, total } = await pageTeam(db, tenantId, q);
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
  return { items, meta: pageMeta(total, q.page, q.limit) };
}
