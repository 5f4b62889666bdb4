import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase, newCustomerBody, seedAdmin, signIn, type OpsDatabase } from './ops-database.fixture.ts';
import { REPO_ROOT, sleep, startServer, type ServerProcess } from './server-process.fixture.ts';

const run = promisify(execFile);

/** `npm run <script> -- <arg>` as an operator types it; resolves with the exit code and output. */
async function npmRun(script: string, arg: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', script, '--', arg], { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: '', ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** pg_dump/pg_restore of the cluster's version (scripts/with-postgres.sh uses the highest installed). */
function pgTool(name: string): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  return join('/usr/lib/postgresql', versions[0]!, 'bin', name);
}

/** Four clients creating customers back to back; `acked` lists every 201 with the time it arrived. */
function writeLoad(base: string, cookie: string) {
  const acked: { id: string; at: number }[] = [];
  const failures: string[] = [];
  let writing = true;
  const writers = [0, 1, 2, 3].map(async (w) => {
    for (let i = 0; writing; i += 1) {
      const res = await fetch(base + '/api/customers', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(newCustomerBody(`W${w}-${i}`)),
      });
      if (res.status === 201) acked.push({ id: ((await res.json()) as { data: { id: string } }).data.id, at: Date.now() });
      else failures.push(`${res.status} ${await res.text()}`);
    }
  });
  return {
    acked,
    failures,
    ackedBefore: (instant: number) => acked.filter((a) => a.at < instant).map((a) => a.id),
    stop: async () => {
      writing = false;
      await Promise.all(writers);
    },
  };
}

/** Ids among `ids` that the (restored) server does not serve. */
async function missingCustomers(server: ServerProcess, email: string, ids: string[]): Promise<string[]> {
  const cookie = await signIn(server.base, email);
  const missing: string[] = [];
  for (let i = 0; i < ids.length; i += 25) {
    const statuses = await Promise.all(
      ids.slice(i, i + 25).map(async (id) => [id, (await fetch(`${server.base}/api/customers/${id}`, { headers: { cookie } })).status] as const),
    );
    for (const [id, status] of statuses) if (status !== 200) missing.push(id);
  }
  return missing;
}

// The same load, backup and restore on each database: `npm run backup/restore` on SQLite, the README's
// pg_dump/pg_restore commands on PostgreSQL.
describe.runIf(!process.env.TEST_DATABASE_URL)('SQLite online backup and restore (npm run backup / restore)', () => {
  let live: OpsDatabase;
  let email: string;
  const work = mkdtempSync(join(tmpdir(), 'fieldwork-backup-'));
  beforeAll(async () => {
    live = await emptyDatabase();
    ({ email } = await seedAdmin(live));
  });
  afterAll(async () => {
    await live.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('copies the database under a write load; the restored copy serves every write acknowledged before the backup', async () => {
    const server = await startServer({ dataDir: live.dataDir });
    const backupFile = join(work, 'fieldwork-backup.sqlite');
    try {
      const load = writeLoad(server.base, await signIn(server.base, email));
      await sleep(1_000);
      const backupStartedAt = Date.now();
      const before = load.ackedBefore(backupStartedAt);
      const backup = await npmRun('backup', backupFile, { DATA_DIR: live.dataDir });
      const ackedDuringBackup = load.acked.length - before.length;
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(JSON.parse(backup.stdout)).toMatchObject({ backup: backupFile, integrity: 'ok' });

      // Restoring over a database a server has open is refused, and leaves it alone.
      const refused = await npmRun('restore', backupFile, { DATA_DIR: live.dataDir });
      expect(refused.code).toBe(3);
      expect(refused.stderr).toContain('is open in another process');
      expect(readdirSync(live.dataDir).filter((f) => f.includes('before-restore'))).toEqual([]);

      await sleep(300);
      await load.stop();
      expect(load.failures).toEqual([]);
      expect(before.length).toBeGreaterThan(10);
      expect(ackedDuringBackup).toBeGreaterThan(0);
      expect(await server.stop()).toBe(0);

      // A second backup to the same name is refused rather than overwriting the first.
      expect((await npmRun('backup', backupFile, { DATA_DIR: live.dataDir })).code).toBe(1);

      const fresh = mkdtempSync(join(work, 'restored-'));
      const restore = await npmRun('restore', backupFile, { DATA_DIR: fresh });
      expect(restore.code).toBe(0);
      expect(JSON.parse(restore.stdout)).toMatchObject({ restored: join(fresh, 'fieldwork.sqlite'), integrity: 'ok', previousKeptAs: null });

      const restored = await startServer({ dataDir: fresh });
      try {
        expect(await missingCustomers(restored, email, before)).toEqual([]);
        console.log(
          `backup: ${before.length} writes acknowledged before it, ${ackedDuringBackup} during it (${JSON.parse(backup.stdout).ms} ms), ${load.acked.length} in all`,
        );
      } finally {
        expect(await restored.stop()).toBe(0);
      }
      const db = new Database(join(fresh, 'fieldwork.sqlite'), { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        db.close();
      }

      // Restoring again over the stopped database keeps the replaced one beside it.
      const again = await npmRun('restore', backupFile, { DATA_DIR: fresh });
      expect(again.code).toBe(0);
      expect(existsSync((JSON.parse(again.stdout) as { previousKeptAs: string }).previousKeptAs)).toBe(true);
    } finally {
      await server.stop('SIGKILL');
    }
  }, 120_000);
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('PostgreSQL backup and restore with pg_dump / pg_restore (README commands)', () => {
  let live: OpsDatabase;
  let copy: OpsDatabase;
  let email: string;
  const work = mkdtempSync(join(tmpdir(), 'fieldwork-pgdump-'));
  beforeAll(async () => {
    live = await emptyDatabase();
    copy = await emptyDatabase();
    ({ email } = await seedAdmin(live));
  });
  afterAll(async () => {
    await live.drop();
    await copy.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('dumps under a write load; the restored database serves every write acknowledged before the dump', async () => {
    const server = await startServer({ dataDir: live.dataDir, databaseUrl: live.databaseUrl });
    const dumpFile = join(work, 'fieldwork.dump');
    try {
      const load = writeLoad(server.base, await signIn(server.base, email));
      await sleep(1_000);
      const before = load.ackedBefore(Date.now());
      // As a role that bypasses row-level security (README): the server's own role sees one company at a time.
      await run(pgTool('pg_dump'), ['--format=custom', '--no-comments', '--file', dumpFile, live.setupUrl!]);
      await sleep(300);
      await load.stop();
      expect(load.failures).toEqual([]);
      expect(before.length).toBeGreaterThan(10);
      expect(load.acked.length).toBeGreaterThan(before.length);
      expect(await server.stop()).toBe(0);

      // The same role restores, keeping the tables owned by the server's role (it is a member of it).
      await run(pgTool('pg_restore'), ['--exit-on-error', '--dbname', copy.setupUrl!, dumpFile]);
      const restored = await startServer({ dataDir: copy.dataDir, databaseUrl: copy.databaseUrl });
      try {
        expect(await missingCustomers(restored, email, before)).toEqual([]);
      } finally {
        expect(await restored.stop()).toBe(0);
      }
    } finally {
      await server.stop('SIGKILL');
    }
  }, 120_000);
});
