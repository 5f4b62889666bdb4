import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { mayCreateTokenScope, TOKEN_SCOPE_RULES } from '@fieldwork/domain/access/api-tokens.rules';
import { API_TOKEN_PREFIX, type ApiToken, type CreateApiTokenBody } from '@fieldwork/domain/access/api-tokens.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { toApiTokenDto } from './api-tokens.presenter.ts';
import { insertApiToken, listActiveTokens, revokeApiToken } from './api-tokens.repository.ts';

/** Enough of the secret to tell tokens apart in a list, far too little to guess the rest. */
const SHOWN_PREFIX_LENGTH = 8;

export async function listOwnTokens(db: Db, viewer: Viewer): Promise<ApiToken[]> {
  return (await listActiveTokens(db, viewer.tenantId, viewer.userId)).map(toApiTokenDto);
}

/**
 * The secret is returned once and stored only as its SHA-256: it is random, so a slow hash adds nothing.
 * Only roles that may change data get tokens that change data (TOKEN_SCOPE_RULES' creators).
 */
export async function createToken(db: Db, viewer: Viewer, body: CreateApiTokenBody): Promise<{ token: ApiToken; secret: string }> {
  if (!mayCreateTokenScope(viewer, body.scope)) throw new AppError('FORBIDDEN', TOKEN_SCOPE_RULES[body.scope].creatorRefusal);
  const secret = API_TOKEN_PREFIX + randomToken();
  const row = {
    id: randomUUID(),
    user_id: viewer.userId,
    name: body.name,
    token_hash: sha256(secret),
    prefix: secret.slice(API_TOKEN_PREFIX.length, API_TOKEN_PREFIX.length + SHOWN_PREFIX_LENGTH),
    scope: body.scope,
    created_at: nowIso(),
    expires_at: body.expiresAt ?? null,
    last_used_at: null,
    revoked_at: null,
  };
  await insertApiToken(db, viewer.tenantId, row);
  return { token: toApiTokenDto({ ...row, tenant_id: viewer.tenantId }), secret };
}

export async function revokeToken(db: Db, viewer: Viewer, tokenId: string): Promise<void> {
  const revoked = await revokeApiToken(db, viewer.tenantId, viewer.userId, tokenId, nowIso());
  if (!revoked) throw new AppError('NOT_FOUND', 'API token not found.');
}
