import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatableTokenScopes, type TokenScope } from '@fieldwork/domain/access/api-tokens.rules';
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
  type Answer,
  type Caller,
  type Seeded,
} from './role-matrix.fixture.ts';
import { ROLE_MATRIX } from './role-matrix.ts';
import { TOKEN_EXPECTED, TOKEN_ROUTES } from './token-scopes.ts';

/**
 * Every /api route called with a personal API token of each scope its owner may create, for an owner of every
 * role, each run in a fresh company. Where the scope allows the route the token gets the owner's own answer
 * (by session cookie, in a fresh company too); elsewhere 403 naming the reason. A revoked or expired token gets
 * 401 on every route.
 */
let t: TestApp;
let port: number;
const INVALID = 'The API token is invalid, revoked or expired.';

beforeAll(async () => {
  t = await createTestApp({ loginLimits: { perAccountPerHour: 1_000_000, perIpPer15Min: 1_000_000 } });
  port = await listenLocal(t.app);
});
afterAll(async () => t.close());

/** The class of an answer: passed authorization, or which refusal. */
const classOf = (a: Answer) => (a.status >= 500 ? `5xx ${a.status}` : passed(a.status) ? 'passed' : String(a.status));

type Answers = Map<string, { own: Answer; foreign: Answer | undefined }>;

/** Every route in a fresh company of the owner's role, with the credentials made for that company. */
async function runAll(owner: Caller, credentials: (seeded: Seeded) => Promise<Record<string, string>>): Promise<Answers> {
  const seeded = await seedCompany(t, owner);
  const headers = await credentials(seeded);
  const answers: Answers = new Map();
  for (const key of orderedRoutes(Object.keys(TOKEN_ROUTES))) {
    // 'own' routes also name another user's record, which must stay out of reach the same way.
    const foreign = ROLE_MATRIX[key]?.[owner.column] === 'own' ? await sendRoute(t, port, key, seeded.foreign, headers) : undefined;
    answers.set(key, { own: await sendRoute(t, port, key, seeded.ids, headers), foreign });
  }
  return answers;
}

async function mint(seeded: Seeded, scope: TokenScope): Promise<string> {
  const res = await t.call('POST', '/api/tokens', seeded.caller!.cookie, { name: `Scope ${scope}`, scope });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.secret;
}

const messageOf = (a: Answer) => (a.json as { message?: unknown } | undefined)?.message;

describe('token scopes cover the route table', () => {
  it('classify every /api route and method, and nothing that no longer exists', () => {
    const live = apiRouteKeys(t);
    expect(live.length).toBeGreaterThan(150);
    expect(tableGaps(live, TOKEN_ROUTES), 'token-scopes.ts').toEqual({ missing: [], stale: [] });
  });
});

for (const owner of CALLERS.filter((c) => c.role && c.access)) {
  describe(`a token of ${owner.label}`, () => {
    let baseline: Answers;
    beforeAll(async () => {
      baseline = await runAll(owner, async (seeded) => ({ cookie: seeded.caller!.cookie }));
    }, 120_000);

    for (const scope of creatableTokenScopes({ role: owner.role!, access: owner.access! })) {
      it(`${scope}: the owner's answer where the scope allows the route, 403 with the reason elsewhere`, async () => {
        const answers = await runAll(owner, async (seeded) => {
          const secret = await mint(seeded, scope);
          // The call-log route sends the token of its ids (route-requests.ts): this one.
          seeded.ids.bearer = secret;
          seeded.foreign.bearer = secret;
          return { authorization: `Bearer ${secret}` };
        });
        const problems: string[] = [];
        for (const [key, got] of answers) {
          const refusal = TOKEN_EXPECTED[TOKEN_ROUTES[key]!][scope];
          const want = baseline.get(key)!;
          for (const side of ['own', 'foreign'] as const) {
            const answer = got[side];
            if (!answer) continue;
            if (refusal === null) {
              if (classOf(answer) !== classOf(want[side]!))
                problems.push(`${key} (${side}): the owner got ${want[side]!.status}, the token ${answer.status} ${answer.body.slice(0, 120)}`);
            } else if (answer.status !== 403 || messageOf(answer) !== refusal) {
              problems.push(`${key} (${side}): expected 403 "${refusal}", got ${answer.status} ${answer.body.slice(0, 120)}`);
            }
          }
        }
        expect(problems).toEqual([]);
      }, 120_000);
    }
  });
}

describe('revoked and expired tokens', () => {
  it('get 401 on every route, public ones included (the portal, which reads no token, as without credentials)', async () => {
    const seeded = await seedCompany(
      t,
      CALLERS.find((c) => c.label === 'Admin')!,
    );
    const cookie = seeded.caller!.cookie;
    const revoked = (await t.call('POST', '/api/tokens', cookie, { name: 'Revoked', scope: 'full' })).json().data;
    expect((await t.call('DELETE', `/api/tokens/${revoked.token.id}`, cookie)).statusCode).toBe(204);
    const expired = (await t.call('POST', '/api/tokens', cookie, { name: 'Expired', scope: 'full' })).json().data;
    await t.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1_000).toISOString() })
      .where('id', '=', expired.token.id)
      .execute();
    const problems: string[] = [];
    for (const [label, secret] of [
      ['revoked', revoked.secret as string],
      ['expired', expired.secret as string],
    ] as const) {
      for (const key of Object.keys(TOKEN_ROUTES)) {
        const a = await sendRoute(t, port, key, { ...seeded.ids, bearer: secret }, { authorization: `Bearer ${secret}` });
        if (TOKEN_ROUTES[key] === 'portal') {
          // The portal never reads a token, dead or alive: the answer of a caller without credentials (401 where signed in).
          const none = await sendRoute(t, port, key, seeded.ids, {});
          if (classOf(a) !== classOf(none)) problems.push(`${key} (${label}): ${a.status}, without credentials ${none.status}`);
        } else if (a.status !== 401 || messageOf(a) !== INVALID) problems.push(`${key} (${label}): ${a.status} ${a.body.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
