// `npm run bench`: API throughput and latency on SQLite and on PostgreSQL, same seeded data, server in its own
// process, load from this process over loopback with autocannon. Results: bench/results/latest.md.
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

const root = resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const freePort = () => new Promise((ok) => { const s = createServer(); s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => ok(port)); }); });

async function prepare(dialect) {
  const dataDir = mkdtempSync(join(tmpdir(), 'fw-bench-'));
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' };
  let dropDb = async () => {};
  if (dialect === 'postgres') {
    const name = 'fw_bench_' + Date.now();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect(); await admin.query(`create database ${name}`); await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL); url.pathname = '/' + name;
    env.DATABASE_URL = url.toString();
    dropDb = async () => { const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL }); await c.connect(); await c.query(`drop database if exists ${name} with (force)`); await c.end(); };
  }
  const seed = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench/seed.ts')], { cwd: root, env, stdio: 'inherit' });
  if (seed.status !== 0) throw new Error('seeding failed');
  return { env, cleanup: async () => { rmSync(dataDir, { recursive: true, force: true }); await dropDb(); } };
}

async function startServer(env) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
    cwd: root, env: { ...env, PORT: String(port), HOST: '127.0.0.1', LOGIN_LIMIT_PER_ACCOUNT_HOUR: '1000000', LOGIN_LIMIT_PER_IP_15MIN: '1000000', WEB_DIST_DIR: '/nonexistent' }, stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try { if ((await fetch(base + '/api/health')).ok) return { base, stop: () => new Promise((ok) => { child.on('exit', ok); child.kill('SIGTERM'); }) }; } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

function load(opts) {
  return new Promise((ok, fail) => autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, res) => (err ? fail(err) : ok(res))));
}

async function benchDialect(dialect) {
  const { env, cleanup } = await prepare(dialect);
  const server = await startServer(env);
  try {
    const login = await fetch(server.base + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench-admin@bench.test', password: 'bench-pass-2026' }) });
    const cookie = login.headers.get('set-cookie').split(';')[0];
    const headers = { cookie };
    const scenarios = [
      ['GET /api/health (no auth, 1 query)', { url: server.base + '/api/health' }],
      ['GET /api/user/profile (session + user + company)', { url: server.base + '/api/user/profile', headers }],
      ['GET /api/customers page 1 of 2,000', { url: server.base + '/api/customers?page=1&limit=10', headers }],
      ['GET /api/customers search "garcia"', { url: server.base + '/api/customers?search=garcia&limit=10', headers }],
      ['GET /api/user?role=Technician (51 users)', { url: server.base + '/api/user?role=Technician&limit=100', headers }],
      ['POST /api/auth/login (argon2id)', { url: server.base + '/api/auth/login', method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench-admin@bench.test', password: 'bench-pass-2026' }), connections: 2 }],
    ];
    const rows = [];
    for (const [name, opts] of scenarios) {
      const r = await load(opts);
      const bad = r.non2xx + r.errors + r.timeouts;
      rows.push({ name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad });
      console.log(`${dialect.padEnd(8)} ${name.padEnd(50)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  non-2xx ${bad}`);
    }
    return rows;
  } finally {
    await server.stop();
    await cleanup();
  }
}

if (process.argv.includes('--postgres-only')) {
  const rows = await benchDialect('postgres');
  writeFileSync(process.env.BENCH_PG_OUT, JSON.stringify(rows));
} else {
  const sqlite = await benchDialect('sqlite');
  const pgOut = join(mkdtempSync(join(tmpdir(), 'fw-bench-pg-')), 'pg.json');
  const run = spawnSync('bash', [join(root, 'scripts/with-postgres.sh'), process.execPath, join(root, 'bench/run.mjs'), '--postgres-only'], { cwd: root, stdio: 'inherit', env: { ...process.env, BENCH_PG_OUT: pgOut } });
  if (run.status !== 0) throw new Error('PostgreSQL bench failed');
  const postgres = JSON.parse((await import('node:fs')).readFileSync(pgOut, 'utf8'));
  const lines = [
    `# Benchmark results`, '',
    `${new Date().toISOString().slice(0, 10)}, ${CONNECTIONS} connections (login: 2), ${DURATION} s per row, server and load generator on the same 2-core machine over loopback.`,
    `Data: 2 companies x 2,000 customers (addresses, contacts, tags), 51 users.`, '',
    '| scenario | SQLite req/s | SQLite p50 / p99 ms | PostgreSQL req/s | PostgreSQL p50 / p99 ms | SQLite / PG |',
    '|---|---|---|---|---|---|',
    ...sqlite.map((s, i) => {
      const p = postgres[i];
      return `| ${s.name} | ${s.rps.toFixed(0)} | ${s.p50} / ${s.p99} | ${p.rps.toFixed(0)} | ${p.p50} / ${p.p99} | ${(s.rps / p.rps).toFixed(2)}x |`;
    }),
    '', `Non-2xx responses: ${[...sqlite, ...postgres].reduce((n, r) => n + r.bad, 0)}.`,
  ];
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/latest.md'), lines.join('\n') + '\n');
  console.log('\n' + lines.join('\n'));
}
