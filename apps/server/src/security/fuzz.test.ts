import { startFakeTwilio, type FakeTwilio } from '@fieldwork/testing/twilio-test-server';
import { startFakeStripe, type FakeStripe } from '@fieldwork/testing/stripe-test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import type { LightMyRequestResponse } from 'fastify';
import type { RouteTableEntry } from '../app.ts';
import { testConfig } from '../config.ts';
import { createTestApp, type Session, type TestApp } from '../test-support/test-app.ts';
import { seedRecords, multipart, type RecordIds } from './fuzz-records.fixture.ts';
import { portalSessionOf } from './portal-session.fixture.ts';
import { encodePart, hostileString, hostileValue, requestValue, toJsonText, toQueryString, type JsonSchema } from './schema-arbitrary.ts';

/**
 * Robustness: whatever a client sends to any route — values at and past every bound of the route's own request
 * schema, wrong types, polluting keys, deep nesting, NaN/Infinity, NUL and lone surrogates — the answer is a 4xx
 * with our error body or a success whose body matches the route's declared response schema, never a 5xx.
 * Routes and schemas come from the live route table, so a new route is fuzzed without touching this file.
 */
const TOTAL_CASES = 10_000;
/** Inject cannot read these: the live stream never ends (events.routes.test.ts covers it over HTTP); the docs UI is static. */
const SKIP: Record<string, string> = {
  'GET /api/events': 'server-sent event stream never ends',
  'GET /api/docs': 'Swagger UI static page',
  'GET /api/docs/static/*': 'Swagger UI static files',
  'GET /api/docs/static/index.html': 'Swagger UI static files',
  'GET /api/docs/static/swagger-initializer.js': 'Swagger UI static files',
  'GET /api/docs/json': 'generated OpenAPI document (no input)',
  'GET /api/docs/yaml': 'generated OpenAPI document (no input)',
};
/** These end or change the signed-in user's own session: they run as a throwaway admin, renewed once it is spent. */
const SELF = new Set(['POST /api/auth/logout', 'PUT /api/user/profile/password', 'PATCH /api/user/:id/role', 'PATCH /api/user/:id/status']);
/** Routes only a subcontractor login can use (answering its bid requests), or only an API token (the receptionist hook). */
const AS_SUB = new Set(['POST /api/bids/:id/answer', 'POST /api/bids/:id/decline']);
const AS_TOKEN = new Set(['POST /api/receptionist/calls']);
/** The customer portal reads only its own cookie: its routes are sent as a customer signed in to it (the public ones ignore it). */
const PORTAL = /^(GET|POST|PUT|PATCH|DELETE) \/api\/portal\//;
/** Ends the portal session it is sent with: each case gets a fresh one. */
const PORTAL_SELF = 'DELETE /api/portal/session';

/** Which record kind a path id names, by the route's url; the first match wins. */
const PATH_KINDS: [RegExp, string][] = [
  [/^\/api\/user\/invitation\//, 'invitation'],
  [/^\/api\/user\//, 'user'],
  [/^\/api\/zones\//, 'zone'],
  [/^\/api\/tags\//, 'tag'],
  [/^\/api\/customers\//, 'customer'],
  [/^\/api\/plans\//, 'plan'],
  [/^\/api\/subcontractors\//, 'subcontractor'],
  [/^\/api\/tokens\//, 'token'],
  [/^\/api\/jobs\/media\//, 'media'],
  [/^\/api\/(jobs|cost\/analysis)\//, 'job'],
  [/^\/api\/notes\//, 'note'],
  [/^\/api\/leads\//, 'lead'],
  [/^\/api\/tasks\/schedule\//, 'schedule'],
  [/^\/api\/tasks\/:id\/activities\/:activityId/, 'clock'],
  [/^\/api\/tasks\//, 'task'],
  [/^\/api\/time-off\//, 'timeOff'],
  [/^\/api\/bids\//, 'bid'],
  [/^\/api\/vehicles\//, 'vehicle'],
  [/^\/api\/estimates\//, 'estimate'],
  [/^\/api\/invoices\//, 'invoice'],
  [/^\/api\/catalogue\//, 'catalogue'],
  [/^\/api\/receptionist\/calls\//, 'call'],
  [/^\/api\/assets\//, 'asset'],
  [/^\/api\/cost\//, 'cost'],
  [/^\/api\/messages\//, 'message'],
  [/^\/api\/notifications\//, 'notification'],
  [/^\/api\/delivery\/jobs\//, 'backgroundJob'],
  [/^\/api\/email-templates\//, 'emailKind'],
  [/^\/api\/portal\/companies\//, 'portalSlug'],
  [/^\/api\/portal\/visits\//, 'task'],
  [/^\/api\/portal\/estimates\//, 'estimate'],
  [/^\/api\/portal\/invoices\//, 'invoice'],
  [/^\/api\/webhooks\/(stripe|twilio)\//, 'company'],
];
/** Body and query uuid fields by name → record kind; anything else draws from every id of the company. */
const FIELD_KINDS: Record<string, string> = {
  accountId: 'customer',
  customerId: 'customer',
  siteAddressId: 'address',
  addressId: 'address',
  accountAddressId: 'address',
  buildingUnitId: 'address',
  siteId: 'address',
  billingContactId: 'contact',
  siteContactId: 'contact',
  contactId: 'contact',
  assignedTechnicianId: 'user',
  technicianId: 'user',
  userId: 'user',
  assistants: 'user',
  assignedSubcontractorId: 'subcontractor',
  subcontractorId: 'subcontractor',
  bidRequestSentTo: 'subcontractor',
  taskActivityId: 'activity',
  serviceId: 'catalogue',
  tags: 'tag',
  tagIds: 'tag',
  zones: 'zone',
  zoneIds: 'zone',
};

let t: TestApp;
let admin: Session;
let sub: Session;
let tenantId: string;
let ids: RecordIds;
let throwaway: Session | undefined;
let portal: { cookie: string };
let stripe: FakeStripe;
let twilio: FakeTwilio;

beforeAll(async () => {
  const ai = testConfig().ai;
  stripe = await startFakeStripe();
  twilio = await startFakeTwilio();
  t = await createTestApp({
    stripeApiUrl: stripe.url,
    twilioApiUrl: twilio.url,
    loginLimits: { perAccountPerHour: 1_000_000, perIpPer15Min: 1_000_000 },
    ai: { ...ai, baseUrl: undefined, perUserPerHour: 1_000_000, perTenantPerHour: 1_000_000, publicPerIpPerHour: 1_000_000 },
  });
  ({ tenantId, admin } = await t.newCompany());
  sub = await t.signInAs(tenantId, 'SubContractor');
  ids = await seedRecords(t, tenantId, admin, sub);
  ids.company = [tenantId];
  ids.portalSlug = [(await t.db.selectFrom('tenants').select('portal_slug').where('id', '=', tenantId).executeTakeFirstOrThrow()).portal_slug!];
  portal = await portalSessionOf(t, tenantId, ids.customer![0]!);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
  await twilio?.close();
});

function idsFor(field: string): readonly string[] {
  const kind = FIELD_KINDS[field] ?? (/Id$/.test(field) ? field.replace(/Id$/, '') : undefined);
  return (kind && ids[kind]) || Object.entries(ids).flatMap(([k, v]) => (k === 'bearer' ? [] : v));
}

const jsonSchemaOf = (schema: unknown): JsonSchema | undefined =>
  schema ? (z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined;

/** Path ids: mostly the company's own records of the route's kind, then random uuids and garbage that no uuid check should let through to SQL. */
function paramArb(route: RouteTableEntry, name: string): fc.Arbitrary<string> {
  const kind = name === 'activityId' ? 'activity' : PATH_KINDS.find(([re]) => re.test(route.url))?.[1];
  const own = kind === 'clock' ? ids.task!.slice(-1) : SELF.has(`${route.method} ${route.url}`) && kind === 'user' ? ids.user!.slice(0, 3) : ids[kind ?? ''];
  if (!own?.length) throw new Error(`no records for the path id of ${route.method} ${route.url}: add its kind to PATH_KINDS`);
  const garbage = fc.oneof(
    hostileString.map(encodePart),
    fc.constantFrom('%ED%A0%80', '%E0%A4%A', '%', '%00', '..%2F..%2Fetc', '%FF%FE', 'x'.repeat(300), '-1', '0', '1e309', 'NaN'),
  );
  return fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...own) }, { weight: 1, arbitrary: fc.uuid() }, { weight: 2, arbitrary: garbage });
}

type Case = { params: Record<string, string>; query: string; body: { payload: string | Buffer; contentType: string } | undefined };

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const fileBody = fc
  .record({
    name: fc.oneof(
      fc.constantFrom('a.png', 'photo.jpg', 'x.pdf', '../../etc/passwd', 'a\u0000.png', 'evil.svg', 'a.html.jpg', ''),
      fc.string({ maxLength: 30 }),
    ),
    type: fc.constantFrom('image/png', 'image/jpeg', 'image/svg+xml', 'text/html', 'application/pdf', 'application/octet-stream'),
    content: fc.oneof(
      fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.concat([PNG_HEAD, b])),
      fc.uint8Array({ maxLength: 64 }).map(Buffer.from),
      fc.constant(Buffer.from('<svg onload="alert(1)"/>')),
    ),
  })
  .map(({ name, type, content }) => ({
    payload: multipart('fzb', name.replace(/["\r\n]/g, ''), type, content),
    contentType: 'multipart/form-data; boundary=fzb',
  }));

function caseArb(route: RouteTableEntry): fc.Arbitrary<Case> {
  const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown; consumes?: string[] };
  const options = { idsFor, textIds: (field: string) => ids[FIELD_KINDS[field] ?? ''] ?? [] };
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const params = fc.record(Object.fromEntries(paramNames.map((n) => [n, paramArb(route, n)])));
  const querySchema = jsonSchemaOf(schema.querystring);
  const query = querySchema
    ? requestValue(querySchema, options).map(toQueryString)
    : fc.oneof(fc.constant(''), fc.dictionary(hostileString, hostileString, { maxKeys: 3 }).map(toQueryString));
  const bodySchema = jsonSchemaOf(schema.body);
  const json = (v: unknown) => ({ payload: toJsonText(v), contentType: 'application/json' });
  const oddBody = fc.oneof(
    fc.constantFrom(
      { payload: '{"a":', contentType: 'application/json' },
      { payload: '', contentType: 'application/json' },
      { payload: 'a=1', contentType: 'text/plain' },
      { payload: '{}', contentType: 'application/x-www-form-urlencoded' },
    ),
    hostileValue.map(json),
  );
  const body: fc.Arbitrary<Case['body']> = schema.consumes?.includes('multipart/form-data')
    ? fc.oneof({ weight: 4, arbitrary: fileBody }, { weight: 1, arbitrary: oddBody })
    : bodySchema
      ? fc.oneof({ weight: 9, arbitrary: requestValue(bodySchema, options).map(json) }, { weight: 1, arbitrary: oddBody })
      : route.method === 'GET' || route.method === 'DELETE'
        ? fc.constant(undefined)
        : fc.option(oddBody, { freq: 2 }).map((b) => b ?? undefined);
  return fc.record({ params, query, body });
}

async function sessionFor(key: string): Promise<Record<string, string>> {
  if (AS_TOKEN.has(key)) return { authorization: `Bearer ${ids.bearer![0]}` };
  if (AS_SUB.has(key)) return { cookie: sub.cookie };
  if (key === PORTAL_SELF) return portalSessionOf(t, tenantId, ids.customer![0]!);
  if (PORTAL.test(key)) return portal;
  if (!SELF.has(key)) return { cookie: admin.cookie };
  throwaway ??= await t.signInAs(tenantId, 'Admin', 'fullAccess');
  return { cookie: throwaway.cookie };
}

function isDownload(res: LightMyRequestResponse): boolean {
  const type = String(res.headers['content-type']);
  if (!String(res.headers['content-disposition']).startsWith('attachment')) return false;
  if (type.startsWith('application/pdf')) return res.rawPayload.subarray(0, 5).toString() === '%PDF-';
  return type.startsWith('text/csv');
}

type Declared = Record<number, z.ZodType> | undefined;

/** The contract of every answer: no 5xx; a 2xx matches the declared response schema for its status; a 4xx is our error body. */
function checkAnswer(key: string, declared: Declared, res: LightMyRequestResponse): string | undefined {
  const status = res.statusCode;
  if (status >= 500 || status < 200 || (status >= 300 && status < 400)) return `${key} answered ${status}: ${res.body.slice(0, 500)}`;
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
  if (status >= 400) {
    const body = isJson ? (res.json() as Record<string, unknown>) : undefined;
    const message = body?.message;
    const ok =
      body &&
      body.statusCode === status &&
      typeof body.code === 'string' &&
      (typeof message === 'string' || (Array.isArray(message) && message.every((m) => typeof m === 'string')));
    return ok ? undefined : `${key} answered ${status} without the error body: ${res.body.slice(0, 300)}`;
  }
  if (!declared) return undefined; // binary routes (photos, media files) declare no JSON body
  const schema = declared[status];
  if (!schema) return `${key} answered ${status}, which its schema does not declare (${Object.keys(declared).join(', ')})`;
  if (status === 204) return res.body === '' ? undefined : `${key} answered 204 with a body`;
  // Downloads (PDFs, CSV exports) are attachments, not JSON: the declared schema describes the JSON answer.
  if (!isJson) return isDownload(res) ? undefined : `${key} answered ${status} ${res.headers['content-type']} without an attachment`;
  const parsed = schema.safeParse(res.json());
  return parsed.success ? undefined : `${key} ${status} body breaks its response schema: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`;
}

/**
 * A request left unanswered is a failure too (a hung handler holds its connection and database slot). The bound
 * tells a hang from slowness: a first PDF render starts the renderer, which took over 5 s on a loaded 2-core machine.
 */
const ANSWER_MS = 30_000;
async function answerWithin(ms: number, pending: Promise<LightMyRequestResponse>, key: string): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${key} gave no answer within ${ms} ms`)), ms)));
  try {
    return await Promise.race([pending, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Writes first, deletions last, so the records stay there for the routes that read or change them. */
const order = (r: RouteTableEntry) => (r.method === 'DELETE' ? 2 : r.url === '/api/auth/logout' ? 1 : 0);

describe('no input gives a 5xx', () => {
  it('refuses NUL in any text with a 400 naming the problem', async () => {
    const cases = [
      t.app.inject({ url: '/api/customers?search=a%00b', headers: { cookie: admin.cookie } }),
      t.app.inject({ method: 'POST', url: '/api/zones', headers: { cookie: admin.cookie }, payload: { name: 'a\u0000b' } }),
      t.app.inject({ method: 'PUT', url: '/api/user/profile', headers: { cookie: admin.cookie }, payload: { name: 'ok', phone: null, ['x\u0000']: 1 } }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(['Text must not contain the NUL character.']);
    }
  });

  it(`fuzzes every route's request schema with at least ${TOTAL_CASES} cases`, async () => {
    const all = t.app.routeTable.filter((r) => r.url.startsWith('/api/'));
    const routes = all.filter((r) => !SKIP[`${r.method} ${r.url}`]).sort((a, b) => order(a) - order(b));
    // FUZZ_ONLY=<substring>: fuzz only the matching routes while fixing one (the full run is the test).
    const only = process.env.FUZZ_ONLY;
    expect(all.length - routes.length).toBe(Object.keys(SKIP).length);
    const numRuns = Math.ceil(TOTAL_CASES / routes.length);
    const seen: Record<string, Record<number, number>> = {};
    let cases = 0;
    // Every failing route in one run, each with its shrunk input, rather than only the first.
    const failures: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      if (only && !key.includes(only)) continue;
      const declared = (route.schema as { response?: Declared } | undefined)?.response;
      const counts: Record<number, number> = (seen[key] = {});
      if (process.env.FUZZ_REPORT) console.log(`fuzzing ${key}`);
      await fc
        .assert(
          fc.asyncProperty(caseArb(route), async ({ params, query, body }) => {
            cases++;
            const path = route.url.replace(/:(\w+)/g, (_m, name: string) => params[name]!);
            const headers = await sessionFor(key);
            const res = await answerWithin(
              ANSWER_MS,
              t.app.inject({
                method: route.method as 'GET',
                url: query ? `${path}?${query}` : path,
                headers: { ...headers, ...(body ? { 'content-type': body.contentType } : {}) },
                ...(body ? { payload: body.payload } : {}),
              }),
              key,
            );
            counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
            // A success here may have ended or demoted the throwaway's session: the next case signs in afresh.
            if (SELF.has(key) && res.statusCode < 300) throwaway = undefined;
            const problem = checkAnswer(key, declared, res);
            if (problem) throw new Error(`${problem}\n  url: ${path}?${query}\n  body: ${String(body?.payload ?? '').slice(0, 2000)}`);
          }),
          { numRuns },
        )
        .catch((error: Error) => failures.push(`${error.message}\n${(error.cause as Error | undefined)?.message ?? ''}`));
      // Nothing the fuzzer sends may end the main session or pollute the prototypes.
      expect((await t.app.inject({ url: '/api/user/profile', headers: { cookie: admin.cookie } })).statusCode, `${key} ended the admin's session`).toBe(200);
      expect(Object.keys(Object.prototype), key).toEqual([]);
    }
    expect(failures).toEqual([]);
    if (!only) expect(cases).toBeGreaterThanOrEqual(TOTAL_CASES);
    if (process.env.FUZZ_REPORT) console.log(JSON.stringify(seen, null, 0).replace(/\],?"|\},"/g, '},\n"'));
  }, 600_000);
});
