import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MESSAGE } from '@fieldwork/domain/common/errors.schemas';
import { FORBIDDEN_MESSAGES } from '@fieldwork/domain/access/roles.rules';
import { listenLocal } from '../modules/events/events.fixture.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import {
  apiRouteKeys,
  CALLERS,
  orderedRoutes,
  passed,
  seedCompany,
  sendRoute,
  tableGaps,
  TASK_CANARY,
  type Answer,
  type Caller,
  type Seeded,
} from './role-matrix.fixture.ts';
import { ROLE_MATRIX, type Outcome } from './role-matrix.ts';
import type { RouteIds } from './route-request-bodies.ts';
import { ROUTE_REQUESTS } from './route-requests.ts';

/**
 * Every /api route called as every caller of the role matrix, each in a fresh company; the answer's class
 * must be the matrix's. Field callers' answers are kept for the own-tasks and no-finance checks below.
 */
let t: TestApp;
let port: number;
let openapi: {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
  components?: { schemas?: Record<string, unknown> };
};

beforeAll(async () => {
  t = await createTestApp({ loginLimits: { perAccountPerHour: 1_000_000, perIpPer15Min: 1_000_000 } });
  port = await listenLocal(t.app);
  openapi = (await t.app.inject({ url: '/api/openapi.json' })).json();
});
afterAll(async () => t.close());

const send = (key: string, ids: RouteIds, cookie: string | undefined): Promise<Answer> => sendRoute(t, port, key, ids, cookie ? { cookie } : {});

function mismatch(expected: Outcome, own: Answer, foreign: Answer | undefined): string | null {
  if (own.status >= 500) return `5xx ${own.status}`;
  if (expected === 'ok') return passed(own.status) ? null : `got ${own.status}`;
  if (expected === 'own') {
    if (!passed(own.status)) return `own record: got ${own.status}`;
    return foreign && [403, 404].includes(foreign.status) ? null : `another's record: got ${foreign?.status}`;
  }
  return own.status === expected ? null : `got ${own.status}`;
}

type Run = { seeded: Seeded; answers: Map<string, Answer> };
const runs = new Map<string, Run>();

async function runMatrix(c: Caller): Promise<string[]> {
  const seeded = await seedCompany(t, c);
  const answers = new Map<string, Answer>();
  const problems: string[] = [];
  for (const key of orderedRoutes(Object.keys(ROLE_MATRIX))) {
    const expected = ROLE_MATRIX[key]![c.column];
    const foreign = expected === 'own' ? await send(key, seeded.foreign, seeded.caller?.cookie) : undefined;
    const own = await send(key, seeded.ids, seeded.caller?.cookie);
    answers.set(key, own);
    if (foreign) answers.set(`${key} (another's)`, foreign);
    const problem = mismatch(expected, own, foreign);
    if (problem) problems.push(`${key} as ${c.label}: expected ${expected}, ${problem} ${own.body.slice(0, 160)}`);
  }
  runs.set(c.label, { seeded, answers });
  // MATRIX_DEBUG=<file> writes every answer's status, to read the server's real outcomes when a route changes.
  if (process.env.MATRIX_DEBUG) {
    const { appendFileSync } = await import('node:fs');
    appendFileSync(process.env.MATRIX_DEBUG, [...answers].map(([k, a]) => `${c.label}\t${k}\t${a.status}\t${a.body.slice(0, 120)}`).join('\n') + '\n');
  }
  return problems;
}

describe('the role matrix covers the route table', () => {
  it('lists every /api route and method, and nothing that no longer exists', () => {
    const live = apiRouteKeys(t);
    expect(live.length).toBeGreaterThan(150);
    expect(tableGaps(live, ROLE_MATRIX), 'role-matrix.ts').toEqual({ missing: [], stale: [] });
    expect(
      live.filter((k) => !ROUTE_REQUESTS[k]),
      'routes without a request in route-requests.ts',
    ).toEqual([]);
  });
});

for (const c of CALLERS) {
  describe(c.label, () => {
    it('gets what the role matrix says on every route', async () => {
      expect(await runMatrix(c)).toEqual([]);
    }, 120_000);
  });
}

describe('unknown methods', () => {
  it('answer 404 or 405 on every /api path, never 2xx or 5xx', async () => {
    const { admin } = await t.newCompany();
    const api = t.app.routeTable.filter((x) => x.url.startsWith('/api'));
    const pattern = (url: string) => new RegExp('^' + url.replace(/[.]/g, '\\.').replace(/:\w+/g, '[^/]+').replace('*', '.*') + '$');
    // A method is unknown on a URL only when no route of that method matches it (GET /api/user/profile/photo is GET /api/user/:id/photo).
    const served = (method: string, url: string) => api.some((r) => r.method === method && pattern(r.url).test(url));
    const byPath = new Map<string, Set<string>>();
    for (const r of api) byPath.set(r.url, (byPath.get(r.url) ?? new Set()).add(r.method));
    const bad: string[] = [];
    let checked = 0;
    for (const [path, methods] of byPath) {
      const url = path.replace('*', 'x').replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND', 'OPTIONS'].filter((m) => !methods.has(m) && !served(m, url))) {
        for (const cookie of [admin.cookie, undefined]) {
          const res = await t.app.inject({ method: method as 'GET', url, headers: cookie ? { cookie } : {} });
          checked++;
          if (![404, 405].includes(res.statusCode)) bad.push(`${method} ${path} (${cookie ? 'admin' : 'anonymous'}): ${res.statusCode}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(bad).toEqual([]);
  });
});

/**
 * Keys that name money but are the field user's own business, with the reason; everything else matching
 * FINANCE in a response to a technician or subcontractor fails.
 */
const FINANCE = /cost|margin|profit|revenue|paid|balance|invoiced|totalCents|amount/i;
const ALLOWED_FINANCE_KEYS: Record<string, string> = {
  addCost: 'a task action flag (may the viewer add costs), no figure',
  viewCost: 'a task action flag (may the viewer view costs), no figure',
};
/** Routes whose money keys a field user may read, with the reason. */
const ALLOWED_FINANCE_ROUTES: Record<string, string> = {
  'GET /api/cost/get': 'technicians see the costs of their own tasks',
  'GET /api/cost/list': 'technicians see the costs of their own tasks',
  'GET /api/cost/suggestions': 'technicians add labor/vehicle lines of their own work periods',
  'POST /api/cost': 'technicians add costs to their own tasks',
  'PUT /api/cost/:id': 'technicians edit the costs of their own tasks',
  'POST /api/bids/:id/answer': 'the bid amount the subcontractor typed',
  'GET /api/bids': 'the bid amounts the subcontractor typed',
  'POST /api/bids/:id/decline': "the subcontractor's own bid (amount it typed, if any)",
  'GET /api/openapi.json': 'the public API description names every field of every schema, no figures',
  'GET /api/docs/json': 'the public API description names every field of every schema, no figures',
  'GET /api/docs/yaml': 'the public API description names every field of every schema, no figures',
};

function financeKeys(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => financeKeys(v, `${path}[]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(FINANCE.test(k) && !ALLOWED_FINANCE_KEYS[k] ? [`${path}.${k}`] : []),
    ...financeKeys(v, `${path}.${k}`),
  ]);
}

/** Property names a JSON schema (OpenAPI 3.1, refs resolved) can hold, at any depth. */
function schemaKeys(schema: unknown, seen = new Set<unknown>()): string[] {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const s = schema as Record<string, unknown>;
  if (typeof s.$ref === 'string') return schemaKeys(openapi.components?.schemas?.[s.$ref.split('/').pop()!], seen);
  const props = (s.properties ?? {}) as Record<string, unknown>;
  const nested = [s.items, s.additionalProperties, ...((s.anyOf ?? s.oneOf ?? s.allOf ?? []) as unknown[]), ...Object.values(props)];
  return [...Object.keys(props), ...nested.flatMap((n) => schemaKeys(n, seen))];
}

function responseSchema(key: string): unknown {
  const [method, path] = key.split(' ') as [string, string];
  const op = openapi.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
  const ok = op?.responses?.['200'] ?? op?.responses?.['201'];
  return ok?.content?.['application/json']?.schema;
}

for (const label of ['Technician', 'SubContractor']) {
  describe(`${label}: own tasks only, no finance`, () => {
    it('sees only its own tasks in every answer, and its own in the task list', async () => {
      const run = runs.get(label)!;
      const all = await t.db.selectFrom('tasks').select(['id', 'name']).where('tenant_id', '=', run.seeded.tenantId).execute();
      const others = all.filter((x) => !run.seeded.visibleTaskIds.has(x.id));
      expect(others.length).toBeGreaterThanOrEqual(4);
      const leaks: string[] = [];
      for (const [key, a] of run.answers) {
        if (a.status >= 300) continue;
        for (const o of others) if (a.body.includes(o.id) || a.body.includes(`${o.name}"`)) leaks.push(`${key}: ${o.name}`);
      }
      expect(leaks).toEqual([]);
      const list = run.answers.get('GET /api/tasks')!.body;
      for (const id of run.seeded.ownTaskIds) expect(list).toContain(id);
      expect(run.answers.get('GET /api/tasks/my-day')!.body).toContain(TASK_CANARY);
    });

    it('gets no cost, margin or finance field in any answer or declared response schema', async () => {
      const run = runs.get(label)!;
      const found: string[] = [];
      let reachable = 0;
      for (const [key, a] of run.answers) {
        const route = key.replace(" (another's)", '');
        if (a.status >= 300 || ALLOWED_FINANCE_ROUTES[route]) continue;
        reachable++;
        for (const k of financeKeys(a.json)) found.push(`${key} answer: ${k}`);
        for (const k of new Set(schemaKeys(responseSchema(route)))) if (FINANCE.test(k) && !ALLOWED_FINANCE_KEYS[k]) found.push(`${route} schema: ${k}`);
      }
      expect(reachable).toBeGreaterThan(10);
      expect(found).toEqual([]);
    });
  });
}

/**
 * A refusal names the real reason: a write refused to someone who may look is told their access is view only,
 * never that they cannot view it; a refused write never speaks of viewing; a missing record is named.
 */
// GETs that only serve a change (the Send dialog's starting point): refused, they speak of changing, as the Send does.
const READS_FOR_A_CHANGE = new Set(['GET /api/estimates/:id/email-draft', 'GET /api/invoices/:id/email-draft']);

describe('the words of every refusal in the matrix', () => {
  it('403s match what was refused and who asked; 404s name the record', () => {
    const wrong: string[] = [];
    let refusals = 0;
    for (const [label, run] of runs) {
      for (const [key, a] of run.answers) {
        if (![403, 404].includes(a.status) || !a.json) continue;
        refusals++;
        const message = String((a.json as { message?: unknown }).message);
        const write = !key.startsWith('GET ') || READS_FOR_A_CHANGE.has(key);
        if (a.status === 404 && message === DEFAULT_ERROR_MESSAGE.NOT_FOUND) wrong.push(`${label} ${key}: 404 without naming the record`);
        if (a.status !== 403) continue;
        // Office staff with view or partial access see the company's work: a refused write is never "cannot view".
        const office = label === 'Staff onlyViewAccess' || label === 'Staff partialAccess';
        if (write && office && message === FORBIDDEN_MESSAGES.view) wrong.push(`${label} ${key}: a refused write says "${message}"`);
        // A token-scope refusal ("This API token is read-only.") names its own reason.
        const named =
          message === FORBIDDEN_MESSAGES.viewOnly || message === FORBIDDEN_MESSAGES.adminOnly || /^(Only |This API token |API tokens )/.test(message);
        if (write && label === 'Staff onlyViewAccess' && !named) wrong.push(`${label} ${key}: "${message}" instead of the view-only reason`);
        if (!write && message === FORBIDDEN_MESSAGES.change) wrong.push(`${label} ${key}: a refused read says "${message}"`);
      }
    }
    expect(refusals).toBeGreaterThan(400);
    expect(wrong).toEqual([]);
  });
});
