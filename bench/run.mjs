// `npm run bench`: API throughput and latency on SQLite and on PostgreSQL, same seeded data, server in its own
// process, load from this process over loopback with autocannon. Results: bench/results/latest.md.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchLogin, createBenchDatabase, load as run, ROOT as root, seedBenchDatabase, startServer } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const load = (opts) => run({ connections: CONNECTIONS, duration: DURATION, ...opts });

async function benchDialect(dialect) {
  const database = await createBenchDatabase(dialect);
  await seedBenchDatabase(database.env);
  const server = await startServer(database.env);
  try {
    const headers = { cookie: await benchLogin(server.base) };
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
    await database.cleanup();
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
  const postgres = JSON.parse(readFileSync(pgOut, 'utf8'));
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
