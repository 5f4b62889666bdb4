// `npm run bench:request`: the cost of the request path itself — a bare Fastify route (the ceiling), GET /api/health
// (no session) and GET /api/user/profile (session lookup, guard, one small answer) at 10 connections on a demo
// database, against the production build (`npm start`'s bundle) logging at its production level (info, to a discarded
// stdout). Then the same profile load under `--cpu-prof`: the top functions by self time and the time by package,
// counted over the load's own window (start-up and shutdown left out), so the report says where a request's time
// goes. BENCH_DIALECT=sqlite|postgres, BENCH_SECONDS (default 10), BENCH_PROFILE=0 skips the profile.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureCeiling } from './ceiling.mjs';
import { createBenchDatabase, ensurePostgresCluster, fmtMs, fmtRow, measureRow, ROOT, startServer } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const dialect = process.env.BENCH_DIALECT ?? 'sqlite';
if (dialect === 'postgres') ensurePostgresCluster(process.argv.slice(1));
const { DEMO_PASSWORD, DEMO_USERS } = await import('../e2e/demo-accounts.ts');

async function signIn(base) {
  const res = await fetch(base + '/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_USERS.admin, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login: ${res.status}`);
  return res.headers.get('set-cookie').split(';')[0];
}

const rowsOf = (base, cookie) => [
  { name: 'GET /api/health (no session)', opts: { url: base + '/api/health', connections: CONNECTIONS, duration: SECONDS } },
  { name: 'GET /api/user/profile (session)', opts: { url: base + '/api/user/profile', headers: { cookie }, connections: CONNECTIONS, duration: SECONDS } },
];

/**
 * Self time per function and per package from a V8 .cpuprofile (samples × their intervals), counting only the
 * samples between `fromUs` and `toUs` after the profile's start.
 */
function summarize(file, fromUs, toUs) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let at = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < fromUs || at > toUs) continue;
    const node = byId.get(profile.samples[i]);
    self.set(node.id, (self.get(node.id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fns = new Map();
  const pkgs = new Map();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const where = url.replace(/^file:\/\//, '').replace(ROOT + '/', '');
    const key = `${functionName || '(anonymous)'} ${where ? `${where}:${lineNumber + 1}` : ''}`.trim();
    fns.set(key, (fns.get(key) ?? 0) + us);
    const pkg = !where
      ? functionName.startsWith('(')
        ? functionName
        : '(native)'
      : where.startsWith('node:')
        ? 'node core'
        : (/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ??
          (where.startsWith('apps/server/dist/') ? 'server bundle (our code and bundled packages)' : where));
    pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us);
  }
  const top = (m, n) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => ({ what: k, share: us / total }));
  return { functions: top(fns, 20), packages: top(pkgs, 15) };
}

const database = await createBenchDatabase(dialect);
const rows = [];
let profile = null;
try {
  const ceiling = (await measureCeiling([CONNECTIONS], SECONDS))[CONNECTIONS];
  console.log(fmtRow(ceiling));
  const env = { ...database.env, LOG_LEVEL: 'info', DEMO: '1' };
  const server = await startServer(env, {}, { bundle: true });
  try {
    const cookie = await signIn(server.base);
    for (const row of rowsOf(server.base, cookie)) {
      // A short warm-up, so the compiler's first tiers and the statement caches are not in the figure.
      await measureRow({ ...row, opts: { ...row.opts, duration: 2 } });
      rows.push(await measureRow(row));
      console.log(fmtRow(rows.at(-1)));
    }
  } finally {
    await server.stop();
  }
  rows.unshift(ceiling);
  if (process.env.BENCH_PROFILE !== '0') {
    const dir = mkdtempSync(join(tmpdir(), 'fw-prof-'));
    const spawnedAt = Date.now();
    const profiled = await startServer(env, {}, { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', dir], bundle: true });
    let window;
    try {
      const cookie = await signIn(profiled.base);
      const row = rowsOf(profiled.base, cookie)[1];
      await measureRow({ ...row, opts: { ...row.opts, duration: 2 } });
      const from = Date.now();
      await measureRow(row);
      window = [(from - spawnedAt) * 1000, (Date.now() - spawnedAt) * 1000];
    } finally {
      await profiled.stop();
    }
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    profile = file ? summarize(join(dir, file), ...window) : null;
    rmSync(dir, { recursive: true, force: true });
  }
} finally {
  await database.cleanup();
}

const bare = rows[0].rps;
const pct = (x) => `${(x * 100).toFixed(1)}%`;
const lines = [
  `# Request path (${dialect})`,
  '',
  `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; demo company (DEMO=1), server logging at info to a discarded stdout,`,
  `${CONNECTIONS} connections, ${SECONDS} s per row after a 2 s warm-up; autocannon, the server and the database share the 2 cores.`,
  '',
  '| row | p50 ms | p95 ms | p99 ms | req/s | ÷ bare route |',
  '|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.name} | ${fmtMs(r.p50)} | ${fmtMs(r.p95)} | ${fmtMs(r.p99)} | ${r.rps.toFixed(0)} | ${(r.rps / bare).toFixed(3)} |`),
  '',
  ...(profile
    ? [
        `Profile of the server during the profile row (V8 --cpu-prof, self time):`,
        '',
        '| package | share |',
        '|---|---|',
        ...profile.packages.map((p) => `| ${p.what} | ${pct(p.share)} |`),
        '',
        '| function | share |',
        '|---|---|',
        ...profile.functions.map((f) => `| \`${f.what}\` | ${pct(f.share)} |`),
      ]
    : []),
];
writeFileSync(join(ROOT, `bench/results/request-path-${dialect}.md`), lines.join('\n') + '\n');
console.log('\n' + lines.join('\n'));
