import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { dialectOf } from '@fieldwork/db/bulk-insert';
import type { Db } from '@fieldwork/db/connection';
import type { RouteIds } from './route-request-bodies.ts';
import { ROUTE_REQUESTS } from './route-requests.ts';

/**
 * Requests for the session, upload and mass-assignment suites, built on route-requests.ts (one request per
 * route that passes validation): here every id is a fresh random UUID, so a request reaches the guard and the
 * handler, where its ids point at nothing. A new write route missing there fails these suites too.
 */
const fakeIds = () => new Proxy({}, { get: (_t, key) => (/email/i.test(String(key)) ? `nobody-${randomUUID()}@nowhere.test` : randomUUID()) }) as RouteIds;

export type WriteRequest = { method: string; url: string; payload: object | Buffer | undefined; headers: Record<string, string> };

/**
 * The route's request with random ids. Its own credentials (a Bearer token) are dropped: the suites choose who
 * asks. Undefined when route-requests.ts has no request for the route.
 */
export function writeRequest(key: string, ids: RouteIds = fakeIds()): WriteRequest | undefined {
  const build = ROUTE_REQUESTS[key];
  if (!build) return undefined;
  const req = build(ids);
  const headers = { ...req.headers };
  delete headers.authorization;
  if (req.payload && !Buffer.isBuffer(req.payload)) headers['content-type'] = 'application/json';
  return { method: key.split(' ')[0]!, url: req.url, payload: req.payload, headers };
}

/** The JSON body of the route's request, or undefined when it sends none (or a file). */
export function jsonBodyOf(key: string, ids?: RouteIds): Record<string, unknown> | undefined {
  const payload = writeRequest(key, ids)?.payload;
  return payload && !Buffer.isBuffer(payload) ? (payload as Record<string, unknown>) : undefined;
}

/** Write routes that read no JSON body, each with the reason (the suites check this list against the route table). */
export const BODYLESS_WRITES: Record<string, string> = {
  'POST /api/auth/logout': "ends the caller's own session; no body",
  'PUT /api/user/profile/photo': 'multipart upload (uploads.test.ts)',
  'PUT /api/company/logo': 'multipart upload (uploads.test.ts)',
  'POST /api/jobs/media': 'multipart upload (uploads.test.ts)',
  'POST /api/tasks/:id/photos': 'multipart upload (uploads.test.ts)',
  'POST /api/tasks/:id/bids/close': 'transition by path id; no body',
  'POST /api/bids/:id/award': 'transition by path id; no body',
  'POST /api/estimates/:id/send': 'transition by path id; no body',
  'POST /api/estimates/:id/void': 'transition by path id; no body',
  'POST /api/estimates/:id/draft': 'transition by path id; no body',
  'POST /api/estimates/:id/convert': "transition by path id; no body (the new job's fields come from the estimate)",
  'POST /api/invoices/:id/send': 'transition by path id; no body',
  'POST /api/invoices/:id/void': 'transition by path id; no body',
  'POST /api/invoices/:id/draft': 'transition by path id; no body',
  'POST /api/messages/:id/retry': 'retry by path id; no body',
  'POST /api/notifications/:id/read': "marks the caller's own notification read by path id; no body",
  'POST /api/notifications/read-all': "marks all the caller's notifications read; no body",
  'POST /api/delivery/jobs/:id/retry': 'retry by path id; no body',
  'POST /api/company/verification': 'a new confirmation link for the signed-in admin; no body',
  'POST /api/estimates/:id/portal-links/revoke': "withdraws the document's links by path id; no body",
  'POST /api/invoices/:id/portal-links/revoke': "withdraws the document's links by path id; no body",
  'POST /api/portal/estimates/:id/pay-deposit': "a checkout for the estimate's deposit by path id; no body",
  'POST /api/webhooks/stripe/:company': 'the raw bytes Stripe signed, read as a buffer (no JSON schema: the signature is the check)',
  'POST /api/webhooks/twilio/:company/status': "Twilio's form parameters, checked by its signature (no JSON schema)",
  'POST /api/webhooks/twilio/:company/inbound': "Twilio's form parameters, checked by its signature (no JSON schema)",
};

/** Write routes that take JSON or, with files, multipart/form-data of the same fields (uploads.test.ts). */
export const JSON_OR_MULTIPART_WRITES: Record<string, string> = {
  'POST /api/portal/work-requests': 'a request for work, with up to 5 photos when multipart',
  'POST /api/portal/companies/:slug/work-requests': 'a request for work from the public page, with up to 5 photos when multipart',
};

/** Routes a signed-out caller may use, with the reason. */
export const PUBLIC_WRITES: Record<string, string> = {
  'POST /api/auth/setup': 'first-run setup of an empty installation',
  'POST /api/auth/signup': 'creates a company and its first login',
  'POST /api/auth/login': 'signs in',
  'POST /api/auth/accept-invitation': 'an invited person sets a password',
  'POST /api/auth/logout': "ends the cookie's session if any; answers 204 without one",
  'POST /api/auth/forgot-password': 'asks for a password reset link (the same answer for any address, limited per IP and address)',
  'POST /api/auth/reset-password': 'sets a password with a one-time emailed link',
  'POST /api/auth/verify-email': "confirms a company's address with a one-time emailed link",
  'POST /api/public/aiText/generate': "the public signup page's job-description helper (limited per IP)",
  'POST /api/portal/companies/:slug/sign-in-link':
    "a customer asks for a portal sign-in link on the company's portal page (the same answer for any address; limited)",
  'POST /api/portal/companies/:slug/work-requests': 'anyone asks the company for work on its portal page (limited per IP and address)',
  'POST /api/portal/session': "a personal link's token exchanged for a customer portal session (limited per IP)",
  'POST /api/portal/visit': "a visit link's token read for the customer's visit page (a read by a token in the body; limited per IP)",
  'POST /api/portal/visit/technician-photo': "a visit link's token for the photo of the technician coming (a read; limited per IP)",
  'POST /api/webhooks/stripe/:company': "Stripe's events, admitted only by the company's signing secret over the raw body",
  'POST /api/webhooks/twilio/:company/status': "Twilio's delivery states, admitted only by the company's Auth Token signature",
  'POST /api/webhooks/twilio/:company/inbound': "replies to the company's number (STOP, START), admitted only by its Auth Token signature",
};

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every mutating route under /api, as "METHOD /url", from the live route table. */
export function mutatingRoutes(app: FastifyInstance): string[] {
  return app.routeTable.filter((r) => WRITE_METHODS.has(r.method) && r.url.startsWith('/api/')).map((r) => `${r.method} ${r.url}`);
}

/** Every row of every table with a tenant_id column (read from the catalogue, so new tables are included). */
export async function tenantSnapshot(db: Db, tenantId: string): Promise<string> {
  const tables =
    dialectOf(db) === 'postgres'
      ? await sql<{
          name: string;
        }>`select table_name as name from information_schema.columns where table_schema = current_schema() and column_name = 'tenant_id'`.execute(db)
      : await sql<{ name: string }>`select m.name from sqlite_master m join pragma_table_info(m.name) c on c.name = 'tenant_id' where m.type = 'table'`.execute(
          db,
        );
  const names = tables.rows.map((r) => r.name).sort();
  if (!names.includes('jobs') || !names.includes('users')) throw new Error(`tenant tables not found: ${names.join(', ')}`);
  const parts: unknown[] = [];
  for (const table of names) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where tenant_id = ${tenantId}`.execute(db);
    parts.push([table, rows.rows.map((r) => JSON.stringify(r, (_k, v: unknown) => (v instanceof Uint8Array ? v.length : v))).sort()]);
  }
  return JSON.stringify(parts);
}
