import type { UserStatus } from '@fieldwork/domain/access/users.schemas';
import { Badge } from '../../../components/badge';

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return <Badge tone={status === 'ACTIVE' ? 'success' : 'neutral'}>{status === 'ACTIVE' ? 'Active' : 'Disabled'}</Badge>;
}
