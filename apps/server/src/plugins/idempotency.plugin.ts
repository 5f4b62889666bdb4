import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@fieldwork/db/connection';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { IDEMPOTENCY_MESSAGES } from '@fieldwork/domain/offline/offline-queue.rules';
import { sha256 } from '../lib/crypto.ts';

/**
 * Idempotency for field actions over slow connections and for what the field app queues offline (clock-in,
 * clock-out, close, notes, costs, photos). A route opts in with
 * `config: { idempotent: true }`; a request to it that carries an `Idempotency-Key` header (a UUID):
 *
 * - takes the key first — one row per (company, user, key), inserted 'pending' before the handler runs, so
 *   of two concurrent requests with one key exactly one runs; the other finds it pending and gets 409;
 * - on a 2xx or 4xx answer the row keeps the status and body; a repeat with the same key, route and body
 *   within 24 hours gets that answer back (header `Idempotency-Replayed: true`) without running again;
 * - on a 5xx (or a response that could not be kept) the row is dropped, so the same key may be retried;
 * - the same key with another route or another body is refused with 422.
 *
 * Without the header the route behaves as before. A pending row older than PENDING_STALE_MS (a process that
 * died mid-request) is taken over by the next request with that key.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
export const PENDING_STALE_MS = 2 * 60_000;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /** Honour an Idempotency-Key header on this route (see idempotency.plugin.ts). */
    idempotent?: boolean;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    idempotency: IdempotencyClaim | null;
  }
}

type IdempotencyClaim = { tenantId: string; userId: string; key: string; settled: boolean };
type Row = { route: string; request_hash: string; state: string; response_status: number | null; response_body: string | null; created_at: string };

/** JSON with object keys sorted, so the same body hashes the same whatever order its keys came in. */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_k, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : v,
    ) ?? 'null'
  );
}

async function tryClaim(db: Db, claim: IdempotencyClaim, route: string, hash: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values({
      tenant_id: claim.tenantId,
      user_id: claim.userId,
      key: claim.key,
      route,
      request_hash: hash,
      state: 'pending',
      response_status: null,
      response_body: null,
      created_at: at,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

function findKey(db: Db, claim: IdempotencyClaim): Promise<Row | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['route', 'request_hash', 'state', 'response_status', 'response_body', 'created_at'])
    .where('tenant_id', '=', claim.tenantId)
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .executeTakeFirst();
}

/** Drops the row only if it is still the one seen (created_at), so of two takers of a stale row one wins. */
async function dropIfUnchanged(db: Db, claim: IdempotencyClaim, createdAt: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('tenant_id', '=', claim.tenantId)
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .where('created_at', '=', createdAt)
    .execute();
}

async function release(db: Db, claim: IdempotencyClaim): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('tenant_id', '=', claim.tenantId)
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .where('state', '=', 'pending')
    .execute();
}

async function settle(db: Db, claim: IdempotencyClaim, status: number, body: string): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', response_status: status, response_body: body })
    .where('tenant_id', '=', claim.tenantId)
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .where('state', '=', 'pending')
    .execute();
}

function payloadText(payload: unknown): string | null {
  if (payload === null || payload === undefined) return '';
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return null;
}

export async function idempotencyPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('idempotency', null);

  // After validation and before the route's own guard: an unauthenticated request is left to the guard.
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.routeOptions.config.idempotent) return;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || !request.auth) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !UUID_RE.test(key.trim())) throw new AppError('VALIDATION_FAILED', [IDEMPOTENCY_MESSAGES.invalidKey]);
    const claim: IdempotencyClaim = {
      tenantId: request.auth.viewer.tenantId,
      userId: request.auth.viewer.userId,
      key: key.trim().toLowerCase(),
      settled: false,
    };
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    // A multipart upload's body is read by its handler, after this hook: its key then covers the query (the target).
    // The path's ids are part of the request too: one key sent to two tasks' /photos is two different requests.
    const params = request.params as Record<string, unknown> | undefined;
    const payload = request.body ?? request.query ?? null;
    const hash = sha256(canonicalJson(params && Object.keys(params).length > 0 ? { params, payload } : payload));
    const now = Date.now();
    const at = new Date(now).toISOString();
    const expired = new Date(now - IDEMPOTENCY_TTL_MS).toISOString();

    // Keys live 24 hours: each new key of a user sweeps that user's expired ones (an index range).
    await app.db
      .deleteFrom('idempotency_keys')
      .where('tenant_id', '=', claim.tenantId)
      .where('user_id', '=', claim.userId)
      .where('created_at', '<', expired)
      .execute();

    for (let attempt = 0; attempt < 2; attempt++) {
      if (await tryClaim(app.db, claim, route, hash, at)) {
        request.idempotency = claim;
        return;
      }
      const row = await findKey(app.db, claim);
      if (!row) continue; // released or swept meanwhile: claim again
      if (row.route !== route || row.request_hash !== hash) throw new AppError('IDEMPOTENCY_MISMATCH', IDEMPOTENCY_MESSAGES.mismatch);
      if (row.state === 'done' && row.response_status !== null) {
        return reply
          .code(row.response_status)
          .header('content-type', 'application/json; charset=utf-8')
          .header('idempotency-replayed', 'true')
          .send(row.response_body ?? '');
      }
      // Pending: still running, unless its process died long ago — then the first to take it over runs.
      if (Date.parse(row.created_at) > now - PENDING_STALE_MS) throw new AppError('CONFLICT', IDEMPOTENCY_MESSAGES.inProgress);
      await dropIfUnchanged(app.db, claim, row.created_at);
    }
    throw new AppError('CONFLICT', IDEMPOTENCY_MESSAGES.inProgress);
  });

  // Registered before compression (app.ts), so the payload here is the serialized body as the route sent it.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim || claim.settled) return payload;
    claim.settled = true;
    const body = payloadText(payload);
    try {
      if (reply.statusCode < 500 && body !== null) await settle(app.db, claim, reply.statusCode, body);
      else await release(app.db, claim);
    } catch (error) {
      request.log.error({ err: error }, 'idempotency: could not store the response');
      await release(app.db, claim).catch(() => undefined);
    }
    return payload;
  });

  // A request that ended without a response to keep (aborted, hijacked) frees its key for a retry.
  app.addHook('onResponse', async (request) => {
    const claim = request.idempotency;
    if (!claim || claim.settled) return;
    claim.settled = true;
    await release(app.db, claim).catch((error: unknown) => request.log.error({ err: error }, 'idempotency: could not release the key'));
  });
}
