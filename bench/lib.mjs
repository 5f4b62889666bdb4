// Shared by the benchmarks: a database per run (SQLite directory or a database on the throwaway PostgreSQL
// cluster), seeding through bench/seed.ts, the real server in its own process, and an autocannon wrapper.
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

export const ROOT = resolve(import.meta.dirname, '..');

export const freePort = () =>
  new Promise((ok) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });

/** CPU time (user + system, every thread) a process has used so far, in ms; /proc counts 100 ticks a second. 0 once it is gone. */
export const cpuMs = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
};

async function onCluster(sql) {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  await c.query(sql);
  await c.end();
}

/** An empty database for one run; `reuseDir` points SQLite at an already seeded directory instead. */
export async function createBenchDatabase(dialect, { reuseDir } = {}) {
  const dataDir = reuseDir || mkdtempSync(join(tmpdir(), 'fw-bench-'));
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' };
  let drop = async () => {};
  if (dialect === 'postgres') {
    const name = 'fw_bench_' + Date.now();
    await onCluster(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = '/' + name;
    env.DATABASE_URL = url.toString();
    // The seeds write every company's rows outside any request: through the cluster's BYPASSRLS test role
    // (scripts/with-postgres.sh); the server under test connects as DATABASE_URL, held by row-level security.
    if (process.env.TEST_DATABASE_BYPASS_URL) {
      const seedUrl = new URL(process.env.TEST_DATABASE_BYPASS_URL);
      seedUrl.pathname = '/' + name;
      env.BENCH_SEED_DATABASE_URL = seedUrl.toString();
    }
    drop = () => onCluster(`drop database if exists ${name} with (force)`);
  }
  return {
    env,
    seeded: !!reuseDir,
    cleanup: async () => {
      if (!reuseDir) rmSync(dataDir, { recursive: true, force: true });
      await drop();
    },
  };
}

/**
 * An already seeded database when BENCH_DATABASE_URL (PostgreSQL, a database on the running test cluster) or
 * BENCH_DATA_DIR (SQLite) names one, so one 2M-task seed serves several benchmarks; otherwise a fresh one.
 */
export async function benchDatabase(dialect) {
  const url = dialect === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined;
  if (!url) return createBenchDatabase(dialect, { reuseDir: dialect === 'sqlite' ? process.env.BENCH_DATA_DIR : undefined });
  const env = { ...process.env, DATABASE_URL: url, DATA_DIR: mkdtempSync(join(tmpdir(), 'fw-bench-')), LOG_LEVEL: 'warn' };
  if (process.env.TEST_DATABASE_BYPASS_URL) {
    const seedUrl = new URL(process.env.TEST_DATABASE_BYPASS_URL);
    seedUrl.pathname = new URL(url).pathname;
    env.BENCH_SEED_DATABASE_URL = seedUrl.toString();
  }
  return { env, seeded: true, cleanup: async () => rmSync(env.DATA_DIR, { recursive: true, force: true }) };
}

/** Seeds with bench/seed.ts; on PostgreSQL then vacuums and analyzes, as autovacuum would on a live database. */
export async function seedBenchDatabase(env, extraEnv = {}) {
  const seed = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/seed.ts')], { cwd: ROOT, env: { ...env, ...extraEnv }, stdio: 'inherit' });
  if (seed.status !== 0) throw new Error('seeding failed');
  if (env.DATABASE_URL) {
    const c = new pg.Client({ connectionString: env.DATABASE_URL });
    await c.connect();
    await c.query('vacuum analyze');
    await c.end();
  }
}

/** The real server in its own process on a free loopback port; `overrides` last (e.g. WEB_DIST_DIR to serve a web build). */
/**
 * The server in its own process: from its TypeScript sources through tsx, or with `bundle` the production build
 * `npm start` runs (scripts/build-server.mjs, rebuilt first when stale). `nodeArgs` go before the entry (e.g. --cpu-prof).
 */
export async function startServer(env, overrides = {}, { nodeArgs = [], bundle = false } = {}) {
  const port = await freePort();
  let entry = ['--import', 'tsx', join(ROOT, 'apps/server/src/server.ts')];
  if (bundle) {
    const { ensureServerBuilt, SERVER_BUNDLE } = await import('../scripts/build-server.mjs');
    await ensureServerBuilt(() => {});
    entry = [SERVER_BUNDLE];
  }
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: ROOT,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOGIN_LIMIT_PER_ACCOUNT_HOUR: '1000000',
      LOGIN_LIMIT_PER_IP_15MIN: '1000000',
      WEB_DIST_DIR: '/nonexistent',
      ...overrides,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(base + '/api/health')).ok)
        return {
          base,
          /** The server process's id (its memory is read from /proc/{pid}/status). */
          pid: child.pid,
          stop: () =>
            new Promise((ok) => {
              child.on('exit', ok);
              child.kill('SIGTERM');
            }),
        };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

export async function benchLogin(base, email = 'bench-admin@bench.test') {
  const res = await fetch(base + '/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-pass-2026' }),
  });
  if (!res.ok) throw new Error(`login as ${email}: ${res.status}`);
  return res.headers.get('set-cookie').split(';')[0];
}

/** autocannon's result, plus `p95` (ms) computed from every response time (its histogram stops at p90 and p97.5)
 * and `exact` {p50, p95, p99} from the same times (autocannon's own figures are whole milliseconds). */
export function load(opts) {
  return new Promise((ok, fail) => {
    const times = [];
    const instance = autocannon(opts, (err, res) => {
      if (err) return fail(err);
      times.sort((a, b) => a - b);
      const at = (q) => (times.length ? times[Math.min(times.length - 1, Math.ceil(times.length * q) - 1)] : null);
      ok(Object.assign(res, { p95: at(0.95), exact: { p50: at(0.5), p95: at(0.95), p99: at(0.99) } }));
    });
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
}

/** Re-runs this script under scripts/with-postgres.sh when PostgreSQL is wanted and no cluster is up yet. */
export function ensurePostgresCluster(args) {
  if (process.env.TEST_DATABASE_URL) return;
  const run = spawnSync('bash', [join(ROOT, 'scripts/with-postgres.sh'), process.execPath, ...args], { stdio: 'inherit', env: process.env });
  process.exit(run.status ?? 1);
}

/** One measured row: autocannon on `opts`, exact percentiles, and the request the floor replays (`request`). */
export async function measureRow({ name, opts, target = null, request = null, expect = null }) {
  const r = await load({ connections: 1, ...opts });
  const answered = ['1xx', '2xx', '3xx', '4xx', '5xx'].reduce((n, k) => n + (r[k] ?? 0), 0);
  const expected = expect ? (r.statusCodeStats?.[expect]?.count ?? 0) : r['2xx'];
  return {
    name,
    target,
    request,
    connections: opts.connections ?? 1,
    requests: r.requests.total,
    p50: r.exact.p50,
    p95: r.exact.p95,
    p99: r.exact.p99,
    p975: r.latency.p97_5,
    rps: r.requests.average,
    bad: answered - expected + r.errors + r.timeouts,
  };
}

export const fmtRow = (r) =>
  `${r.name.slice(0, 60).padEnd(60)} p50 ${fmtMs(r.p50).padStart(6)}  p95 ${fmtMs(r.p95).padStart(6)}  p99 ${fmtMs(r.p99).padStart(6)} ms  ${r.rps.toFixed(0).padStart(5)} req/s  unexpected ${r.bad}`;
export const fmtMs = (n, d = 1) => (n === null || n === undefined ? '–' : n.toFixed(d));

/** Plain reads for fixtures, `?` placeholders on both dialects; PostgreSQL through the seeding role (it sees every
 * company), timestamps back as ISO strings as SQLite stores them. */
export async function openSql(env) {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.BENCH_SEED_DATABASE_URL || env.DATABASE_URL });
    await client.connect();
    const iso = (row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
    const all = async (text, params = []) => {
      let n = 0;
      return (
        await client.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows.map(iso);
    };
    return { all, get: async (text, params) => (await all(text, params))[0], close: () => client.end() };
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(join(env.DATA_DIR, 'fieldwork.sqlite'), { readonly: true });
  return {
    all: async (text, params = []) => db.prepare(text).all(...params),
    get: async (text, params = []) => db.prepare(text).get(...params),
    close: async () => db.close(),
  };
}

/** Size of the SQLite files (database, WAL, shared memory) in `dir`, in GiB. */
export const sqliteGiB = (dir) =>
  readdirSync(dir)
    .filter((f) => f.startsWith('fieldwork.sqlite'))
    .reduce((n, f) => n + statSync(join(dir, f)).size, 0) /
  2 ** 30;

/** The task benchmarks' data through bench/seed.ts: jobs created over three years, 10 subcontractors; returns what it took. */
export async function seedTaskData(env, { jobs, tasks, techs }) {
  const t0 = Date.now();
  // At four two-hour slots a day, 510 assignees need about three years to hold 1.8M assigned tasks without overlaps.
  await seedBenchDatabase(env, {
    BENCH_JOBS: String(jobs),
    BENCH_JOB_DAYS: '1095',
    BENCH_TASKS: String(tasks),
    BENCH_TECHS: String(techs),
    BENCH_SUBS: '10',
    BENCH_CUSTOMERS: '2000',
  });
  return `seeded in ${((Date.now() - t0) / 60_000).toFixed(1)} min${env.DATABASE_URL ? ' (including VACUUM ANALYZE)' : ''}`;
}

/**
 * A product database connection to a seeded bench database (one connection, the product's own `createDb`) and
 * the id of its "Bench Co" company: what the benches that drive product code in process start from.
 */
export async function openBenchCompany(createDb, env) {
  const handle = createDb({ databaseUrl: env.DATABASE_URL || undefined, sqliteFile: join(env.DATA_DIR, 'fieldwork.sqlite'), poolSize: 1 });
  const tenantId = (await handle.db.selectFrom('tenants').select('id').where('name', '=', 'Bench Co').executeTakeFirstOrThrow()).id;
  return { handle, tenantId };
}
