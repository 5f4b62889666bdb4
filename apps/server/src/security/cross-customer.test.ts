import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { sql } from 'kysely';
import { dialectOf } from '@fieldwork/db/bulk-insert';
import { startTestSmtpServer, type TestSmtpServer } from '@fieldwork/testing/smtp-test-server';
import type { RouteTableEntry } from '../app.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { tenantSnapshot } from './cross-tenant.fixture.ts';
import {
  portalCompany,
  portalCustomer,
  portalIdOf,
  portalRouteIds,
  PORTAL_ID_KINDS,
  type PortalCompany,
  type PortalCustomer,
  type PortalIdKind,
} from './cross-customer.fixture.ts';
import { ROLE_MATRIX } from './role-matrix.ts';
import type { RouteIds, RouteRequest } from './route-request-bodies.ts';
import { ROUTE_REQUESTS } from './route-requests.ts';
import type { JsonSchema } from './schema-arbitrary.ts';
import { writeRequest } from './write-requests.fixture.ts';

/**
 * The cross-customer probe, generated from the route table: a portal session is one customer of one company.
 * Customer A1 of company A calls every signed-in /api/portal route, and every id of A1's in the request (path
 * or body) is replaced, one at a time, by the record of the same kind of customer A2 (same company, and A2's
 * estimate was emailed to A1's address too) and of customer B1 (another company, also emailed to A1's address),
 * and by an id that exists nowhere: the answers must be identical, and nothing of either company may change.
 * A portal route that is neither probed nor listed below as public or id-less fails the suite. The other way
 * round: the portal cookie opens no staff route, and no API token a portal one.
 */

/** Portal routes that need no portal session, each with why no customer's record is reachable through them. */
const PUBLIC: Record<string, string> = {
  'GET /api/portal/companies/:slug': "a company's public portal page: its name, logo and contact lines only",
  'GET /api/portal/companies/:slug/logo': "the company's logo",
  'POST /api/portal/companies/:slug/sign-in-link': 'the same answer for any address; the link goes only to the address asked for',
  'POST /api/portal/companies/:slug/work-requests': "anyone's request for work: a new lead, naming no record",
  'POST /api/portal/session': "a link's token exchanged for its own customer's session: the token is the credential",
  'POST /api/portal/visit': "a visit link's token reads the one visit it was issued for, and nothing else (visits.test.ts)",
  'POST /api/portal/visit/technician-photo': "a visit link's token: the photo of that one visit's technician only",
};
/** Signed-in portal routes that name no record, each with where this suite checks them. */
const NO_ID: Record<string, string> = {
  'GET /api/portal/me': "the session's own customer: no trace of another customer in it (checked below)",
  'GET /api/portal/hub': "the session's own customer: no trace of another customer in it (checked below)",
  'DELETE /api/portal/session': "ends the caller's own session only (checked below)",
};

let smtp: TestSmtpServer;
let t: TestApp;
let A: PortalCompany;
let B: PortalCompany;
let a1: PortalCustomer;
let a2: PortalCustomer;
let b1: PortalCustomer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'no-reply@fieldwork.test' } });
  const p = { t, smtp };
  A = await portalCompany(t);
  B = await portalCompany(t);
  a1 = await portalCustomer(p, A, 'A1');
  a2 = await portalCustomer(p, A, 'A2', [a1.email]);
  b1 = await portalCustomer(p, B, 'B1', [a1.email]);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const portalRoutes = () => t.app.routeTable.filter((r) => r.url.startsWith('/api/portal/'));
const keyOf = (r: RouteTableEntry) => `${r.method} ${r.url}`;

/** The uuid fields a route's schema declares at the top of its path parameters and body. */
function declaredUuids(route: RouteTableEntry): string[] {
  const schema = (route.schema ?? {}) as { params?: unknown; body?: unknown };
  const fields = (where: string, s: unknown) => {
    if (!s) return [];
    const json = z.toJSONSchema(s as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    return Object.entries(json.properties ?? {})
      .filter(([, v]) => v.format === 'uuid')
      .map(([k]) => `${where}:${k}`);
  };
  return [...fields('path', schema.params), ...fields('body', schema.body)];
}

type Spot = { field: string; kind: PortalIdKind; swap: (id: string) => RouteRequest };

/** Every place the request names one of the customer's records (a path segment or a body field). */
function spotsOf(route: RouteTableEntry, req: RouteRequest, own: Map<string, PortalIdKind>): Spot[] {
  const spots: Spot[] = [];
  const [path, query] = req.url.split('?') as [string, string | undefined];
  const names = route.url.split('/');
  path.split('/').forEach((segment, i) => {
    const kind = own.get(segment);
    if (!kind) return;
    const swap = (id: string) => ({
      ...req,
      url:
        path
          .split('/')
          .map((s, j) => (j === i ? id : s))
          .join('/') + (query ? `?${query}` : ''),
    });
    spots.push({ field: `path:${names[i]!.replace(/^:/, '')}`, kind, swap });
  });
  if (req.payload && !Buffer.isBuffer(req.payload)) {
    const body = req.payload as Record<string, unknown>;
    for (const [name, value] of Object.entries(body)) {
      const kind = typeof value === 'string' ? own.get(value) : undefined;
      if (kind) spots.push({ field: `body:${name}`, kind, swap: (id) => ({ ...req, payload: { ...body, [name]: id } }) });
    }
  }
  return spots;
}

const ownIds = (c: PortalCustomer) => new Map(PORTAL_ID_KINDS.map((k) => [portalIdOf(c, k), k] as const));

async function send(method: string, req: RouteRequest, headers: Record<string, string>) {
  const res = await t.app.inject({
    method: method as 'GET',
    url: req.url,
    headers: { ...headers, ...req.headers },
    ...(req.payload ? { payload: req.payload } : {}),
  });
  return { status: res.statusCode, type: String(res.headers['content-type'] ?? ''), body: res.body };
}

const shown = (a: { type: string; body: string }) => (a.type.includes('json') ? a.body.slice(0, 200) : `(${a.body.length} bytes)`);

/** Every row that names the customer, in each table with a customer_id column (links, sessions, leads, documents, visits…). */
async function customerRows(customerId: string): Promise<string> {
  const tables =
    dialectOf(t.db) === 'postgres'
      ? await sql<{
          name: string;
        }>`select table_name as name from information_schema.columns where table_schema = current_schema() and column_name = 'customer_id'`.execute(t.db)
      : await sql<{
          name: string;
        }>`select m.name from sqlite_master m join pragma_table_info(m.name) c on c.name = 'customer_id' where m.type = 'table'`.execute(t.db);
  const names = tables.rows.map((r) => r.name);
  expect(names).toEqual(expect.arrayContaining(['estimates', 'invoices', 'crm_leads', 'portal_links', 'portal_sessions', 'tasks']));
  const parts: unknown[] = [];
  for (const table of [...new Set(names)].sort()) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where customer_id = ${customerId}`.execute(t.db);
    parts.push([table, rows.rows.map((r) => JSON.stringify(r, (_k, v: unknown) => (v instanceof Uint8Array ? v.length : v))).sort()]);
  }
  return JSON.stringify(parts);
}

describe('the cross-customer probe covers the portal', () => {
  it('probes every signed-in /api/portal route that takes an id, and lists the others as public or id-less', () => {
    const unaccounted: string[] = [];
    for (const route of portalRoutes()) {
      const key = keyOf(route);
      if (PUBLIC[key] || NO_ID[key]) continue;
      const build = ROUTE_REQUESTS[key];
      const spots = build ? spotsOf(route, build(portalRouteIds(a1, A.slug)), ownIds(a1)).map((s) => s.field) : [];
      const unprobed = declaredUuids(route).filter((f) => !spots.includes(f));
      if (!spots.length || unprobed.length) unaccounted.push(`${key}: probes ${spots.join(', ') || 'nothing'}; declared ${declaredUuids(route).join(', ')}`);
    }
    expect(unaccounted).toEqual([]);
    const live = new Set(portalRoutes().map(keyOf));
    expect(
      [...Object.keys(PUBLIC), ...Object.keys(NO_ID)].filter((k) => !live.has(k)),
      'listed routes that no longer exist',
    ).toEqual([]);
    // The public list is the role matrix's: open to anyone there, and only those.
    expect(Object.keys(PUBLIC).sort()).toEqual([...live].filter((k) => ROLE_MATRIX[k]?.anonymous === 'ok').sort());
  });
});

describe("a customer's portal session", () => {
  it('answers every id of another customer (same company or not) exactly as an id that exists nowhere, and writes nothing', async () => {
    const before = [await tenantSnapshot(t.db, A.tenantId), await tenantSnapshot(t.db, B.tenantId)];
    const own = ownIds(a1);
    const failures: string[] = [];
    const perRoute: Record<string, number> = {};
    let probes = 0;
    const owned: { key: string; method: string; req: RouteRequest }[] = [];
    for (const route of portalRoutes()) {
      const key = keyOf(route);
      if (PUBLIC[key] || NO_ID[key]) continue;
      const req = ROUTE_REQUESTS[key]!(portalRouteIds(a1, A.slug));
      owned.push({ key, method: route.method, req });
      for (const spot of spotsOf(route, req, own)) {
        for (const other of [a2, b1]) {
          const foreign = await send(route.method, spot.swap(portalIdOf(other, spot.kind)), { cookie: a1.cookie });
          const missing = await send(route.method, spot.swap(randomUUID()), { cookie: a1.cookie });
          probes++;
          perRoute[key] = (perRoute[key] ?? 0) + 1;
          if (foreign.status !== 404)
            failures.push(`${key} ${spot.field} = ${other.label}'s ${spot.kind}: ${foreign.status} ${foreign.type} ${shown(foreign)}`);
          else if (JSON.stringify(foreign) !== JSON.stringify(missing))
            failures.push(`${key} ${spot.field} = ${other.label}'s ${spot.kind}: ${foreign.body} vs missing ${missing.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect([await tenantSnapshot(t.db, A.tenantId), await tenantSnapshot(t.db, B.tenantId)]).toEqual(before);
    const a2Rows = await customerRows(a2.customerId);
    const b1Rows = await customerRows(b1.customerId);

    // The same requests with A1's own ids reach A1's records: the 404s above were about whose record it is.
    const wrong: string[] = [];
    for (const { key, method, req } of owned) {
      const res = await send(method, req, { cookie: a1.cookie });
      const expected = method === 'GET' ? 200 : key.endsWith('/approve') ? 200 : key === 'POST /api/portal/work-requests' ? 201 : 409;
      if (res.status !== expected) wrong.push(`${key}: expected ${expected}, got ${res.status} ${res.body.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
    const a1Estimate = await t.db.selectFrom('estimates').select(['status', 'approval_via']).where('id', '=', a1.estimate).executeTakeFirstOrThrow();
    expect(a1Estimate).toEqual({ status: 'APPROVED', approval_via: 'portal' });
    expect(await customerRows(a2.customerId)).toBe(a2Rows);
    expect(await customerRows(b1.customerId)).toBe(b1Rows);
    expect(await tenantSnapshot(t.db, B.tenantId)).toBe(before[1]);
    expect(probes).toBeGreaterThanOrEqual(16);
    console.info(
      `cross-customer probe: ${probes} probes (each against a missing id too) over ${Object.keys(perRoute).length} routes: ${JSON.stringify(perRoute)}`,
    );
  }, 120_000);

  it("shows no trace of another customer in its own customer's answers (me, hub)", async () => {
    const everyone = [a1, a2, b1];
    const traces = (c: PortalCustomer) => [c.customerId, c.name, c.estimate, c.invoice, c.task, c.address];
    const leaks: string[] = [];
    for (const viewer of everyone) {
      for (const url of ['/api/portal/me', '/api/portal/hub']) {
        const res = await t.app.inject({ url, headers: { cookie: viewer.cookie } });
        expect(res.statusCode, `${viewer.label} ${url}: ${res.body}`).toBe(200);
        for (const other of everyone.filter((o) => o !== viewer))
          for (const trace of traces(other)) if (res.body.includes(trace)) leaks.push(`${viewer.label} ${url} shows ${other.label}'s ${trace}`);
      }
      const hub = (await t.app.inject({ url: '/api/portal/hub', headers: { cookie: viewer.cookie } })).json().data;
      expect(hub.estimates.map((e: { id: string }) => e.id)).toEqual([viewer.estimate]);
      expect(hub.invoices.map((i: { id: string }) => i.id)).toEqual([viewer.invoice]);
      expect(hub.visits.map((v: { id: string }) => v.id)).toEqual([viewer.task]);
    }
    expect(leaks).toEqual([]);
  });

  it('signs out only itself: the same customer’s other session and other customers’ stay signed in', async () => {
    const out = await t.app.inject({ method: 'DELETE', url: '/api/portal/session', headers: { cookie: a1.otherCookie } });
    expect(out.statusCode, out.body).toBe(204);
    const me = async (cookie: string) => (await t.app.inject({ url: '/api/portal/me', headers: { cookie } })).statusCode;
    expect(await me(a1.otherCookie)).toBe(401);
    expect([await me(a1.cookie), await me(a2.cookie), await me(a2.otherCookie), await me(b1.cookie)]).toEqual([200, 200, 200, 200]);
  });

  it('opens no staff route: 401 on every route that needs a staff session', async () => {
    // Requests that pass validation (a VIN is read before the session), naming records that exist nowhere.
    const staffIds = new Proxy(
      {},
      { get: (_t, key) => (key === 'vin' ? '1HGCM82633A004352' : /email/i.test(String(key)) ? 'nobody@nowhere.test' : randomUUID()) },
    ) as RouteIds;
    const staff = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/portal/') && ROLE_MATRIX[keyOf(r)]?.anonymous === 401);
    expect(staff.length).toBeGreaterThan(150);
    const opened: string[] = [];
    for (const route of staff) {
      const req = writeRequest(keyOf(route), staffIds)!;
      const res = await t.app.inject({
        method: req.method as 'GET',
        url: req.url,
        headers: { ...req.headers, cookie: a1.cookie },
        ...(req.payload ? { payload: req.payload } : {}),
      });
      if (res.statusCode !== 401 || res.json().code !== 'UNAUTHENTICATED') opened.push(`${keyOf(route)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(opened).toEqual([]);
    console.info(`cross-customer probe: a portal session got 401 on ${staff.length} staff routes`);
  });
});

describe('an API token on the portal', () => {
  it("gets 401 on every signed-in portal route, even its company's admin's full token", async () => {
    const minted = await t.call('POST', '/api/tokens', A.admin.cookie, { name: 'Portal probe', scope: 'full' });
    expect(minted.statusCode, minted.body).toBe(201);
    const bearer = { authorization: `Bearer ${minted.json().data.secret}` };
    const signedIn = portalRoutes().filter((r) => !PUBLIC[keyOf(r)]);
    expect(signedIn.length).toBe(portalRoutes().length - Object.keys(PUBLIC).length);
    const opened: string[] = [];
    for (const route of signedIn) {
      const res = await send(route.method, ROUTE_REQUESTS[keyOf(route)]!(portalRouteIds(a1, A.slug)), bearer);
      if (res.status !== 401) opened.push(`${keyOf(route)}: ${res.status} ${res.body.slice(0, 120)}`);
    }
    expect(opened).toEqual([]);
  });
});
