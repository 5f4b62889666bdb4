// Shared by the benchmarks: a database per run (SQLite directory or a database on the throwaway PostgreSQL
// cluster), seeding through bench/seed.ts, the real server in its own process, and an autocannon wrapper.
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
export async function startServer(env, overrides = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/server/src/server.ts')], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', LOGIN_LIMIT_PER_ACCOUNT_HOUR: '1000000', LOGIN_LIMIT_PER_IP_15MIN: '1000000', WEB_DIST_DIR: '/nonexistent', ...overrides },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(base + '/api/health')).ok) return { base, stop: () => new Promise((ok) => { child.on('exit', ok); child.kill('SIGTERM'); }) };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

export async function benchLogin(base, email = 'bench-admin@bench.test') {
  const res = await fetch(base + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'bench-pass-2026' }) });
  if (!res.ok) throw new Error(`login as ${email}: ${res.status}`);
  return res.headers.get('set-cookie').split(';')[0];
}

/** autocannon's result, plus `p95` (ms) computed from every response time (its histogram stops at p90 and p97.5). */
export function load(opts) {
  return new Promise((ok, fail) => {
    const times = [];
    const instance = autocannon(opts, (err, res) => {
      if (err) return fail(err);
      times.sort((a, b) => a - b);
      ok(Object.assign(res, { p95: times.length ? times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)] : null }));
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
