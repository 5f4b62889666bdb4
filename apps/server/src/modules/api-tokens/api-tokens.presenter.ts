import type { ApiToken } from '@fieldwork/domain/access/api-tokens.schemas';
import type { ApiTokenRow } from './api-tokens.repository.ts';

/** Never includes the hash: the secret is shown once, at creation. */
export function toApiTokenDto(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}
