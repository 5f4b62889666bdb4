import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { createTestApp, type Session, type TestApp } from '../test-support/test-app.ts';

/**
 * Robustness: whatever a client sends — any JSON, any query string, any path id — the answer is a 4xx with
 * our error body or a success, never a 5xx. Routes come from the live route table, so new ones are fuzzed too.
 */
let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp({ loginLimits: { perAccountPerHour: 1_000_000, perIpPer15Min: 1_000_000 } });
  ({ admin } = await t.newCompany());
});
afterAll(async () => t.close());

/**
 * Ending the session or the admin's own account would only make the rest of the run test 401s; the live
 * updates stream never ends, so inject cannot read it (events.routes.test.ts tests it over real HTTP).
 */
const SKIP = new Set(['POST /api/auth/logout', 'GET /api/events', 'GET /api/docs', 'GET /api/docs/*', 'GET /api/docs/static/*', 'GET /api/docs/json', 'GET /api/docs/yaml']);

// Full unicode including NUL and lone surrogates: PostgreSQL refuses NUL in text, which must not become a 500.
const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom('a\u0000b', '\u0000', 'x\ud800y'));
const jsonValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), anyText, fc.array(anyText, { maxLength: 3 }));
const body = fc.oneof(
  jsonValue,
  fc.dictionary(fc.constantFrom('name', 'email', 'password', 'role', 'access', 'version', 'tags', 'zones', 'customerAddress', 'contacts', 'status', 'type', 'kind', 'timeZone', 'id', 'tenantId', 'token'), jsonValue),
);
/** Raw path segments a browser would never send but an attacker can: malformed escapes and encoded NUL. */
const rawSegment = fc.constantFrom('%ED%A0%80', '%E0%A4%A', '%', '%00', '..%2F..%2Fetc', '%FF%FE');
const idValue = fc.oneof(fc.constant(randomUUID()), fc.string({ maxLength: 60 }), anyText, rawSegment.map((raw) => ({ raw })), fc.constant('../../etc/passwd'), fc.constant('%00'), fc.uuid());
const query = fc.dictionary(
  fc.constantFrom('page', 'limit', 'search', 'searchBy', 'orderByKey', 'orderByValue', 'status', 'role', 'tags', 'zones', 'type', 'token', 'joinedOnStartDate', 'isSupplierLocation', 'tagIds'),
  fc.oneof(anyText, fc.string({ maxLength: 40 }), fc.integer().map(String), fc.constant('-1'), fc.constant('1e309')),
);

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

  it('fuzzes every route', async () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !SKIP.has(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(idValue, body, query, async (id, payload, q) => {
          const segment = typeof id === 'object' ? id.raw : encodeURIComponent((id as string & { toWellFormed(): string }).toWellFormed());
          const path = route.url.replace(/:\w+/g, segment);
          const search = new URLSearchParams(q).toString();
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: search ? `${path}?${search}` : path,
            headers: { cookie: admin.cookie, 'content-type': 'application/json' },
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: JSON.stringify(payload) }),
          });
          if (res.statusCode >= 500) throw new Error(`${route.method} ${path}?${search} ${JSON.stringify(payload)} -> ${res.statusCode} ${res.body}`);
          if (res.statusCode >= 400) {
            const errorBody = res.json();
            expect(errorBody).toMatchObject({ statusCode: res.statusCode, code: expect.any(String) });
          }
        }),
        { numRuns: 25 },
      );
    }
  }, 120_000);
});
