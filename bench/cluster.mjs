// `npm run bench:cluster` (BENCH_DIALECT=postgres for PostgreSQL): the server bundle as `npm start` runs it, first with
// WEB_CONCURRENCY=1 (one process) and then 2 (a primary and two workers on one port), on one small seeded company;
// autocannon at BENCH_CONNECTIONS (10) keep-alive connections for BENCH_SECONDS (10) per row. BENCH_ROUNDS (2) rounds,
// the order of 1 and 2 processes swapped each round so a busy moment of the shared machine does not fall on one
// side only. Per row: req/s, p50/p95, and the CPU the server's processes and this load generator used (all on the
// same cores). Writes bench/results/cluster-<dialect>.md.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { ensureServerBuilt, SERVER_BUNDLE } from '../scripts/build-server.mjs';
import { benchLogin, cpuMs, createBenchDatabase, ensurePostgresCluster, fmtMs, freePort, measureRow, ROOT, seedBenchDatabase } from './lib.mjs';

const dialect = process.env.BENCH_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
if (dialect === 'postgres') ensurePostgresCluster(process.argv.slice(1));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SEED = { BENCH_CUSTOMERS: '500', BENCH_JOBS: '500', BENCH_JOB_DAYS: '90', BENCH_TASKS: '2000', BENCH_TECHS: '20', BENCH_SUBS: '5' };

const childrenOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

/** The bundle with WEB_CONCURRENCY=processes; resolves once the start banner (printed when every process listens) is out. */
async function startBundle(env, processes) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    cwd: ROOT,
    env: {
      ...env,
      WEB_CONCURRENCY: String(processes),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LOGIN_LIMIT_PER_ACCOUNT_HOUR: '1000000',
      LOGIN_LIMIT_PER_IP_15MIN: '1000000',
      WEB_DIST_DIR: '/nonexistent',
      DEMO: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (c) => (out += c));
  const exited = new Promise((ok) => child.once('exit', ok));
  const started = Date.now();
  while (!out.includes('Fieldwork is running')) {
    if (child.exitCode !== null || Date.now() - started > 60_000) throw new Error(`the server did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const pids = () => [child.pid, ...childrenOf(child.pid)];
  return {
    base: `http://127.0.0.1:${port}`,
    pids,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

const database = await createBenchDatabase(dialect);
const env = { ...database.env };
const results = [];
const started = new Date();
try {
  const build = await ensureServerBuilt();
  if (build) console.log(`server bundle built in ${build.ms.toFixed(0)} ms`);
  const t0 = Date.now();
  await seedBenchDatabase(env, SEED);
  console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  for (let round = 0; round < ROUNDS; round++) {
    for (const processes of round % 2 === 0 ? [1, 2] : [2, 1]) {
      const loadBefore = load();
      const server = await startBundle(env, processes);
      try {
        const cookie = await benchLogin(server.base);
        const headers = { cookie };
        const get = (path, auth = true) => ({ url: server.base + path, connections: CONNECTIONS, duration: SECONDS, ...(auth ? { headers } : {}) });
        const scenarios = [
          { name: 'GET /api/health', opts: get('/api/health', false) },
          { name: 'GET /api/user/profile', opts: get('/api/user/profile') },
          { name: 'GET /api/customers page 1 (10)', opts: get('/api/customers?page=1&limit=10') },
          { name: 'GET /api/tasks page 1 (25)', opts: get('/api/tasks?page=1&limit=25') },
        ];
        // A short warm-up of every route on every process (the first requests compile and fill caches).
        for (const s of scenarios) await measureRow({ name: 'warm-up', opts: { ...s.opts, duration: 1 } });
        for (const s of scenarios) {
          const pids = server.pids();
          const serverCpu0 = pids.reduce((n, pid) => n + cpuMs(pid), 0);
          const clientCpu0 = process.cpuUsage();
          const wall0 = performance.now();
          const row = await measureRow(s);
          const wall = performance.now() - wall0;
          const client = process.cpuUsage(clientCpu0);
          const serverCpu = pids.reduce((n, pid) => n + cpuMs(pid), 0) - serverCpu0;
          results.push({
            round,
            processes,
            ...row,
            serverCores: serverCpu / wall,
            clientCores: (client.user + client.system) / 1000 / wall,
            loadBefore,
          });
          const r = results.at(-1);
          console.log(
            `round ${round + 1}, ${processes} process(es): ${r.name.padEnd(32)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${fmtMs(r.p50)}  p95 ${fmtMs(r.p95)} ms  server ${r.serverCores.toFixed(2)} cores, autocannon ${r.clientCores.toFixed(2)}  unexpected ${r.bad}`,
          );
        }
      } finally {
        await server.stop();
      }
      for (const r of results.filter((x) => x.round === round && x.processes === processes)) r.loadAfter = load();
    }
  }
} finally {
  await database.cleanup();
}

const names = [...new Set(results.map((r) => r.name))];
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const of = (name, processes) => results.filter((r) => r.name === name && r.processes === processes);
const lines = [
  `# WEB_CONCURRENCY 1 → 2 processes (${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'})`,
  '',
  `${started.toISOString()}, Node ${process.version}, ${cpus().length} cores shared with the load generator (autocannon, in the`,
  `bench process) and with other sessions' work; load average (1 / 5 / 15 min) ${load()} at the end. One company: ${SEED.BENCH_CUSTOMERS}`,
  `customers, ${SEED.BENCH_JOBS} jobs, ${SEED.BENCH_TASKS} tasks, ${SEED.BENCH_TECHS} technicians. ${CONNECTIONS} keep-alive connections, ${SECONDS} s per row, ${ROUNDS} round(s),`,
  'the order of 1 and 2 processes swapped each round. Server cores: CPU time of the primary and its workers over the row,',
  'per second of wall time; autocannon: the same for the load generator. `npm run bench:cluster`, bench/cluster.mjs.',
  '',
  '## Every row',
  '',
  '| round | processes | scenario | req/s | p50 ms | p95 ms | server cores | autocannon cores | unexpected | load before → after |',
  '| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ...results.map(
    (r) =>
      `| ${r.round + 1} | ${r.processes} | ${r.name} | ${r.rps.toFixed(0)} | ${fmtMs(r.p50)} | ${fmtMs(r.p95)} | ${r.serverCores.toFixed(2)} | ${r.clientCores.toFixed(2)} | ${r.bad} | ${r.loadBefore} → ${r.loadAfter} |`,
  ),
  '',
  '## Mean over the rounds, and the ratio 2 / 1 processes',
  '',
  '| scenario | req/s, 1 process | req/s, 2 processes | ratio | p50 ms 1 → 2 | p95 ms 1 → 2 | server cores 1 → 2 | req per server CPU-second 1 → 2 |',
  '| --- | ---: | ---: | ---: | --- | --- | --- | --- |',
  ...names.map((name) => {
    const [one, two] = [of(name, 1), of(name, 2)];
    const rps = [mean(one.map((r) => r.rps)), mean(two.map((r) => r.rps))];
    const cores = [mean(one.map((r) => r.serverCores)), mean(two.map((r) => r.serverCores))];
    // What a request costs the server whatever CPU it could get: on a busy shared machine req/s follows the CPU it got.
    const perCpu = [mean(one.map((r) => r.rps / r.serverCores)), mean(two.map((r) => r.rps / r.serverCores))];
    return `| ${name} | ${rps[0].toFixed(0)} | ${rps[1].toFixed(0)} | ${(rps[1] / rps[0]).toFixed(2)} | ${fmtMs(mean(one.map((r) => r.p50)))} → ${fmtMs(mean(two.map((r) => r.p50)))} | ${fmtMs(mean(one.map((r) => r.p95)))} → ${fmtMs(mean(two.map((r) => r.p95)))} | ${cores[0].toFixed(2)} → ${cores[1].toFixed(2)} | ${perCpu[0].toFixed(0)} → ${perCpu[1].toFixed(0)} |`;
  }),
  '',
];
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const out = join(ROOT, `bench/results/cluster-${dialect}.md`);
writeFileSync(out, lines.join('\n'));
console.log(lines.join('\n'));
console.log(`written: ${out}`);
