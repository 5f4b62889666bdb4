// The large tenant of `npm run bench`: seeded once per dialect with bench/seed.ts,
// bench/dashboard-seed.ts and bench/dashboard-calls-seed.ts, and cached under $DATA_DIR/bench-cache/<dialect>/
// — the SQLite files, or a pg_dump (custom format) of the seeded PostgreSQL database. Every run works on a
// copy (SQLite files copied to a temp directory; PostgreSQL restored into a fresh database on the throwaway
// cluster), so the sessions, moves and documents a run writes never reach the cache. The cache is reused
// while its key (sizes, latest migration, the seed scripts' content) matches; BENCH_REFRESH=1 seeds anew.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { constants, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { createBenchDatabase, ROOT, seedBenchDatabase } from './lib.mjs';

const num = (name, fallback) => Number(process.env[name] ?? fallback);

/** Sizes of the full run (the 200k jobs, 2M tasks, 500 technicians, 600k invoice lines); env overrides. */
export function tenantSizes() {
  return {
    jobs: num('BENCH_JOBS', 200_000),
    tasks: num('BENCH_TASKS', 2_000_000),
    technicians: num('BENCH_TECHS', 500),
    subcontractors: 10,
    customers: num('BENCH_CUSTOMERS', 2000),
    jobDays: 1095,
    invoiceLines: num('BENCH_INVOICE_LINES', 600_000),
    calls: num('BENCH_CALLS', 150_000),
    assets: num('BENCH_ASSETS', 100_000),
  };
}

function cacheKey(dialect, sizes) {
  const migrations = readdirSync(join(ROOT, 'packages/db/src/migrations'))
    .filter((f) => /^\d+-.*\.ts$/.test(f) && !f.includes('.test.'))
    .sort();
  const seeds = createHash('sha256');
  for (const f of ['seed.ts', 'dashboard-seed.ts', 'dashboard-calls-seed.ts']) seeds.update(readFileSync(join(ROOT, 'bench', f)));
  return { dialect, sizes, migration: migrations.at(-1).replace(/\.ts$/, ''), seeds: seeds.digest('hex').slice(0, 16) };
}

/**
 * The cache stays good across new migrations: the server migrates a database at start, so an older cache is
 * brought forward exactly as a production upgrade would be (BENCH_REFRESH=1 seeds anew at the latest schema).
 */
const sameData = (stored, key) => JSON.stringify({ ...stored, migration: undefined }) === JSON.stringify({ ...key, migration: undefined });

// BENCH_CACHE_DIR carries it into the PostgreSQL part: scripts/with-postgres.sh assigns DATA_DIR (the cluster's
// own data directory), which changes an exported DATA_DIR for the command it runs.
export const cacheRoot = () => resolve(process.env.BENCH_CACHE_DIR ?? join(process.env.DATA_DIR ?? join(ROOT, 'data'), 'bench-cache'));

/** ' (seeded at 0013-…; the server migrated it forward at start)' when the cache predates the latest migration. */
function forward(dir, key) {
  try {
    const at = JSON.parse(readFileSync(join(dir, 'key.json'), 'utf8')).migration;
    return at === key.migration ? '' : ` (seeded at ${at}; the server migrated it forward at start)`;
  } catch {
    return '';
  }
}

function cached(dir, key) {
  try {
    return !process.env.BENCH_REFRESH && sameData(JSON.parse(readFileSync(join(dir, 'key.json'), 'utf8')), key);
  } catch {
    return false;
  }
}

/** bench/seed.ts, dashboard-seed.ts and dashboard-calls-seed.ts into `env`'s empty database; PostgreSQL then vacuumed. */
export async function seedLargeTenant(env, sizes) {
  await seedBenchDatabase(env, {
    BENCH_JOBS: String(sizes.jobs),
    BENCH_JOB_DAYS: String(sizes.jobDays),
    BENCH_TASKS: String(sizes.tasks),
    BENCH_TECHS: String(sizes.technicians),
    BENCH_SUBS: String(sizes.subcontractors),
    BENCH_CUSTOMERS: String(sizes.customers),
  });
  for (const [script, extra] of [
    ['dashboard-seed.ts', { BENCH_INVOICE_LINES: String(sizes.invoiceLines) }],
    ['dashboard-calls-seed.ts', { BENCH_CALLS: String(sizes.calls), BENCH_ASSETS: String(sizes.assets) }],
  ]) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', script)], { cwd: ROOT, env: { ...env, ...extra }, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`${script} failed`);
  }
  if (env.DATABASE_URL) await sqlOn(env.DATABASE_URL, 'vacuum analyze');
}

async function sqlOn(url, text) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

const pgTool = (name) => {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  const path = versions.length ? join('/usr/lib/postgresql', versions[0], 'bin', name) : name;
  return existsSync(path) ? path : name;
};
function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`${cmd} ${args[0]} … exited ${r.status}`);
}

/**
 * A working copy of the large tenant for `dialect` (PostgreSQL: call under scripts/with-postgres.sh).
 * Returns { env (for startServer), sizes, seeding: what happened, cleanup }.
 */
export async function openLargeTenant(dialect, sizes = tenantSizes()) {
  const key = cacheKey(dialect, sizes);
  const dir = join(cacheRoot(), dialect);
  const t0 = Date.now();
  const took = () => `${((Date.now() - t0) / 60_000).toFixed(1)} min`;
  if (dialect === 'sqlite') {
    let seeding = `cache reused${forward(dir, key)}`;
    if (!cached(dir, key)) {
      const fresh = `${dir}.new`;
      rmSync(fresh, { recursive: true, force: true });
      mkdirSync(fresh, { recursive: true });
      await seedLargeTenant({ ...process.env, DATA_DIR: fresh, LOG_LEVEL: 'warn', DATABASE_URL: '' }, sizes);
      writeFileSync(join(fresh, 'key.json'), JSON.stringify(key, null, 2) + '\n');
      rmSync(dir, { recursive: true, force: true });
      renameSync(fresh, dir);
      seeding = `seeded in ${took()}`;
    }
    const work = mkdtempSync(join(tmpdir(), 'fw-bench-work-'));
    const t1 = Date.now();
    let bytes = 0;
    for (const f of readdirSync(dir).filter((f) => f.startsWith('fieldwork.sqlite'))) {
      copyFileSync(join(dir, f), join(work, f), constants.COPYFILE_FICLONE); // a reflink where the file system has them
      bytes += statSync(join(dir, f)).size;
    }
    return {
      env: { ...process.env, DATA_DIR: work, LOG_LEVEL: 'warn', DATABASE_URL: '' },
      sizes,
      key,
      seeding: `${seeding}; copied ${(bytes / 2 ** 30).toFixed(2)} GiB in ${((Date.now() - t1) / 1000).toFixed(0)} s`,
      cleanup: async () => rmSync(work, { recursive: true, force: true }),
    };
  }
  if (!process.env.TEST_DATABASE_BYPASS_URL)
    throw new Error('PostgreSQL: run under scripts/with-postgres.sh (needs TEST_DATABASE_URL and TEST_DATABASE_BYPASS_URL)');
  const database = await createBenchDatabase('postgres');
  const { env } = database;
  const dump = join(dir, 'tenant.dump');
  let seeding;
  try {
    if (cached(dir, key) && existsSync(dump)) {
      // As the BYPASSRLS role (README "Backups"): the tables stay owned by the server's role.
      run(pgTool('pg_restore'), ['--exit-on-error', '--jobs=2', '--dbname', env.BENCH_SEED_DATABASE_URL, dump]);
      // Statistics are not in a dump; autovacuum would give a live database the same.
      await sqlOn(env.DATABASE_URL, 'vacuum analyze');
      seeding = `restored from the cache in ${took()}${forward(dir, key)}`;
    } else {
      await seedLargeTenant(env, sizes);
      mkdirSync(dir, { recursive: true });
      rmSync(join(dir, 'key.json'), { force: true });
      run(pgTool('pg_dump'), ['--format=custom', '--no-comments', '--file', `${dump}.new`, env.BENCH_SEED_DATABASE_URL]);
      renameSync(`${dump}.new`, dump);
      writeFileSync(join(dir, 'key.json'), JSON.stringify(key, null, 2) + '\n');
      seeding = `seeded and dumped in ${took()}`;
    }
  } catch (error) {
    await database.cleanup();
    throw error;
  }
  const size = (await sqlOn(env.DATABASE_URL, 'select pg_database_size(current_database()) n')).rows[0].n;
  return { env, sizes, key, seeding: `${seeding}; database ${(size / 2 ** 30).toFixed(2)} GiB`, cleanup: database.cleanup };
}
