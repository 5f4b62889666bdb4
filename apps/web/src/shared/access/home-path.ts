import type { SessionInfo } from '@fieldwork/domain/access/auth.schemas';
import { viewerClass } from '@fieldwork/domain/access/roles.rules';

export const MY_DAY_PATH = '/workorder/my-day';

/** Where a signed-in user lands: technicians (Technician, Tech Access) on "My day", everyone else on the dashboard. */
export function homePath(session: Pick<SessionInfo, 'user'>): '/dashboard' | typeof MY_DAY_PATH {
  return viewerClass(session.user) === 'technician' ? MY_DAY_PATH : '/dashboard';
}
