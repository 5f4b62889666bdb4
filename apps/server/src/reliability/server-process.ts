import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type DbHandle } from '@fieldwork/db/connection';
import { migrateToLatest } from '@fieldwork/db/migrate';
import { emptyDatabase } from '../ops/ops-database.fixture.ts';
import { freePort, sleep, spawnServer, waitFor200 } from '../ops/server-process.fixture.ts';

/**
 * Real server processes (`src/server.ts` built to apps/server/dist/server.mjs, as `npm start` runs it) for the cross-process suites: several may
 * share one SQLite file (DATA_DIR) or one PostgreSQL database. Every process listens on 127.0.0.1 only; the
 * suites end them in afterAll, failed or not.
 */
export type Storage = { kind: 'sqlite'; dataDir: string } | { kind: 'postgres'; dataDir: string; databaseUrl: string };

export type ServerProcess = {
  port: number;
  base: string;
  /** Milliseconds from spawn to the first 200 from /api/health. */
  startedInMs: number;
  /** SIGTERM (graceful) and wait for the exit. */
  stop: () => Promise<void>;
  /** SIGKILL: no shutdown code runs, as in a power cut of the process. */
  kill: () => Promise<void>;
};

const live = new Set<ChildProcess>();

export async function startServer(
  storage: Storage,
  options: { port?: number; healthTimeoutMs?: number; env?: Record<string, string> } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const started = Date.now();
  const child = spawnServer(
    {
      dataDir: storage.dataDir,
      ...(storage.kind === 'postgres' ? { databaseUrl: storage.databaseUrl } : {}),
      // Quiet logs; the suites sign in many users from one address (the limits have their own tests).
      env: { LOG_LEVEL: 'fatal', LOGIN_LIMIT_PER_ACCOUNT_HOUR: '100000', LOGIN_LIMIT_PER_IP_15MIN: '100000', ...options.env },
    },
    port,
  );
  live.add(child.child);
  void child.exited.then(() => live.delete(child.child));
  try {
    await waitFor200(child, '/api/health', options.healthTimeoutMs ?? 30_000);
  } catch (error) {
    await child.stop('SIGKILL');
    throw error;
  }
  return {
    port: child.port,
    base: child.base,
    startedInMs: Date.now() - started,
    stop: async () => void (await child.stop('SIGTERM')),
    kill: async () => void (await child.stop('SIGKILL')),
  };
}

/** Last resort for afterAll: no server process of a suite outlives it. */
export async function killAllStarted(): Promise<void> {
  await Promise.all(
    [...live].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

const TURN = join(tmpdir(), 'fieldwork-reliability-turn');

/** Whether a process of this id still exists (signal 0 checks without sending anything). */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * The process suites take turns (vitest runs two test files at once): each spawns CPU-heavy servers, and the
 * crash suite times its restarts, which a sibling's load would skew. A directory is the lock (mkdir is atomic);
 * one left by a process that died, or without an owner after a minute, is taken over. Returns the release.
 */
export async function takeTurn(): Promise<() => void> {
  for (;;) {
    try {
      mkdirSync(TURN);
      writeFileSync(join(TURN, 'pid'), String(process.pid));
      return () => rmSync(TURN, { recursive: true, force: true });
    } catch {
      let owner = 0;
      try {
        owner = Number(readFileSync(join(TURN, 'pid'), 'utf8'));
      } catch {
        // taken a moment ago, its owner not written yet
      }
      let age = 0;
      try {
        age = Date.now() - statSync(TURN).mtimeMs;
      } catch {
        continue; // released in between: try again at once
      }
      if (owner ? owner !== process.pid && !alive(owner) : age > 60_000) rmSync(TURN, { recursive: true, force: true });
      await sleep(250);
    }
  }
}

export type SharedStore = { storage: Storage; handle: DbHandle; drop: () => Promise<void> };

/**
 * A fresh store migrated once by the test process (several servers migrating one empty store at the same
 * moment is not what these suites test), plus the test's own connection for setup and invariant queries.
 */
export async function freshStore(kind: 'sqlite' | 'postgres'): Promise<SharedStore> {
  const target = await emptyDatabase();
  if (target.dialect !== kind) throw new Error(`asked for ${kind}, TEST_DATABASE_URL gives ${target.dialect}`);
  const owner = createDb({ databaseUrl: target.databaseUrl, sqliteFile: target.sqliteFile, poolSize: 2 });
  await migrateToLatest(owner.db, owner.dialect);
  if (!target.databaseUrl) return { storage: { kind: 'sqlite', dataDir: target.dataDir }, handle: owner, drop: target.drop };
  await owner.close();
  // Row-level security holds the server's role; set-up and invariant queries see every company through the
  // cluster's BYPASSRLS test role (scripts/with-postgres.sh), as test-app's `setup` does.
  const bypass = process.env.TEST_DATABASE_BYPASS_URL;
  if (!bypass) throw new Error('TEST_DATABASE_BYPASS_URL is not set: run PostgreSQL tests through scripts/with-postgres.sh');
  const setupUrl = new URL(bypass);
  setupUrl.pathname = new URL(target.databaseUrl).pathname;
  const handle = createDb({ databaseUrl: setupUrl.toString(), poolSize: 4 });
  return { storage: { kind: 'postgres', dataDir: target.dataDir, databaseUrl: target.databaseUrl }, handle, drop: target.drop };
}

/** The end of a suite on a shared store: its servers stopped, the store closed and dropped, the turn given back. */
export async function endShared(servers: ServerProcess[], store: SharedStore | undefined, release: () => void): Promise<void> {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  await store?.handle.close();
  await store?.drop();
  release();
}

export type Reply = { status: number; body: string; json: () => any };

/** One HTTP request to a server process, with a session cookie when given. */
export async function request(base: string, method: string, path: string, cookie?: string, payload?: unknown): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, { method, headers, ...(payload !== undefined ? { body: JSON.stringify(payload) } : {}) });
  const body = await res.text();
  return { status: res.status, body, json: () => JSON.parse(body) };
}
