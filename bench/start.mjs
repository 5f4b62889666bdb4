// `npm run bench:start` (BENCH_DIALECT=postgres for PostgreSQL, BENCH_STARTS=N for the count, default 10): how long the
// server takes from process spawn to its first 200 from GET /api/ready, on an already migrated database, run both
// ways — `node --import tsx apps/server/src/server.ts` (the TypeScript sources) and
// `node --enable-source-maps apps/server/dist/server.mjs` (the esbuild bundle `npm start` runs). The two ways
// alternate start by start so a busy moment of the machine does not fall on one way only. Also reported: the
// bundle's build time and size. Writes bench/results/start-<dialect>.md.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { buildServer, SERVER_BUNDLE } from '../scripts/build-server.mjs';
import { cpuMs, createBenchDatabase, ensurePostgresCluster, freePort, ROOT } from './lib.mjs';

const dialect = process.env.BENCH_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
if (dialect === 'postgres') ensurePostgresCluster(process.argv.slice(1));
const STARTS = Number(process.env.BENCH_STARTS ?? 10);
const POLL_MS = 5;

const WAYS = {
  tsx: ['--import', 'tsx', join(ROOT, 'apps/server/src/server.ts')],
  bundle: ['--enable-source-maps', SERVER_BUNDLE],
  // What the source maps cost at start (npm start keeps them, for stack traces naming the TypeScript).
  'bundle, no source maps': [SERVER_BUNDLE],
  ...(process.env.BENCH_START_EXTRA_FLAGS
    ? { 'bundle + extra flags': [...process.env.BENCH_START_EXTRA_FLAGS.split(' '), '--enable-source-maps', SERVER_BUNDLE] }
    : {}),
};

/**
 * One start: ms from spawn to the first 200 of /api/ready, and the CPU time the process used by then (on a busy
 * machine the wall time includes waiting for a core, the CPU time does not); then SIGTERM and wait for the exit.
 */
async function timeStart(args, env) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', WEB_DIST_DIR: '/nonexistent' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((ok) => child.once('exit', ok));
  let readyMs = null;
  let cpu = null;
  while (readyMs === null && child.exitCode === null && performance.now() - started < 30_000) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).status === 200) {
        readyMs = performance.now() - started;
        cpu = cpuMs(child.pid);
      }
    } catch {
      // not listening yet
    }
    if (readyMs === null) await new Promise((r) => setTimeout(r, POLL_MS));
  }
  child.kill(readyMs === null ? 'SIGKILL' : 'SIGTERM');
  await exited;
  if (readyMs === null) throw new Error(`${args.join(' ')} did not become ready`);
  return { readyMs, cpu };
}

const pct = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)];
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: pct(sorted, 0.5), p95: pct(sorted, 0.95), min: sorted[0], max: sorted[sorted.length - 1] };
};

const build = await buildServer();
console.log(
  `bundle built in ${build.ms.toFixed(0)} ms: server ${(build.serverBytes / 1024).toFixed(0)} KB, PDF worker ${(build.workerBytes / 1024).toFixed(0)} KB`,
);

const database = await createBenchDatabase(dialect);
const env = { ...database.env, LOG_LEVEL: 'warn', DEMO: '' };
try {
  // The first start creates and migrates the database; it is not measured (the figure is for a migrated one).
  await timeStart(WAYS.bundle, env);
  const ways = Object.keys(WAYS);
  const times = Object.fromEntries(ways.map((way) => [way, []]));
  for (let i = 0; i < STARTS; i++) {
    for (const way of i % 2 === 0 ? ways : [...ways].reverse()) times[way].push(await timeStart(WAYS[way], env));
  }
  const rows = Object.entries(times).map(([way, t]) => ({ way, ...summary(t.map((x) => x.readyMs)), cpu: summary(t.map((x) => x.cpu)) }));
  const f = (n) => n.toFixed(0);
  const lines = [
    `# Server start: process spawn → first 200 from GET /api/ready (${dialect})`,
    '',
    `${new Date().toISOString()}, Node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0].toFixed(2)} at the end.`,
    `${STARTS} starts each way on an already migrated ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database (no demo data),`,
    `alternating; /api/ready polled every ${POLL_MS} ms. CPU: the server process's user + system time (all threads, 10 ms`,
    'ticks) when it first answered. `npm run bench:start`, bench/start.mjs.',
    '',
    '| way | command | p50 ms | p95 ms | min ms | max ms | CPU p50 ms | CPU p95 ms |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.way} | \`node ${WAYS[r.way].map((a) => a.replace(ROOT + '/', '')).join(' ')}\` | ${f(r.p50)} | ${f(r.p95)} | ${f(r.min)} | ${f(r.max)} | ${f(r.cpu.p50)} | ${f(r.cpu.p95)} |`,
    ),
    '',
    `Bundle (scripts/build-server.mjs, esbuild): built in ${f(build.ms)} ms; apps/server/dist/server.mjs ${(build.serverBytes / 1024).toFixed(0)} KB,`,
    `pdf-render.worker-entry.mjs ${(build.workerBytes / 1024).toFixed(0)} KB (plus linked source maps).`,
    '',
  ];
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  const out = join(ROOT, `bench/results/start-${dialect}.md`);
  writeFileSync(out, lines.join('\n'));
  console.log(lines.join('\n'));
  console.log(`written: ${out}`);
} finally {
  await database.cleanup();
}
