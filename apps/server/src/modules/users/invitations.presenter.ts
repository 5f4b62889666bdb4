import type { AccessLevel } from '@fieldwork/domain/access/roles.rules';
import type { Invitation } from '@fieldwork/domain/access/users.schemas';
import type { InvitationRow } from './invitations.repository.ts';

export function invitationStatus(row: Pick<InvitationRow, 'accepted_at' | 'revoked_at' | 'expires_at'>, now: string): Invitation['status'] {
  if (row.accepted_at) return 'ACCEPTED';
  if (row.revoked_at) return 'REVOKED';
  return row.expires_at <= now ? 'EXPIRED' : 'PENDING';
}

export function toInvitationDto(row: InvitationRow, now: string): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    access: row.access as AccessLevel,
    invitedBy: { userId: row.invited_by, name: row.inviter_name },
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    status: invitationStatus(row, now),
  };
}
