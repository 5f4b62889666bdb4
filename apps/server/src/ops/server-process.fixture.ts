import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/**
 * What `npm start` runs: the server built to JavaScript by scripts/build-server.mjs. The `server-process` project's
 * global setup (server-bundle.global-setup.mjs) builds it when it is missing or older than the sources, so these
 * processes run the code under test and time the start a deployment has.
 */
export const SERVER_BUNDLE = join(REPO_ROOT, 'apps/server/dist/server.mjs');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export type ServerProcess = {
  port: number;
  base: string;
  child: ChildProcess;
  /** Every stdout line so far (pino writes one JSON object per line). */
  stdout: () => string[];
  stderr: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Sends the signal (unless the process already ended) and waits for the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

export type StartOptions = { dataDir: string; databaseUrl?: string; env?: Record<string, string>; waitReady?: boolean };

/** The server bundle as its own OS process, as `npm start` runs it, on a free loopback port. */
export function spawnServer(options: StartOptions, port: number): ServerProcess {
  if (!existsSync(SERVER_BUNDLE))
    throw new Error(`${SERVER_BUNDLE} is missing: run the server-process project (its global setup builds it) or npm run build:server`);
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: join(options.dataDir, 'no-web'),
      DEMO: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (err += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    child,
    stdout: () => out.split('\n').filter((l) => l.trim() !== ''),
    stderr: () => err,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Waits until GET path answers 200; throws with the process's output when it exits or times out. */
export async function waitFor200(server: ServerProcess, path = '/api/ready', timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.child.exitCode !== null) throw new Error(`server exited with ${server.child.exitCode}: ${server.stderr()}\n${server.stdout().join('\n')}`);
    try {
      if ((await fetch(server.base + path)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`server did not answer ${path} within ${timeoutMs} ms: ${server.stderr()}`);
}

export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const server = spawnServer(options, await freePort());
  try {
    await waitFor200(server);
  } catch (error) {
    await server.stop('SIGKILL');
    throw error;
  }
  return server;
}

/** The JSON log lines of a process (non-JSON lines, such as the start banner, left out). */
export function jsonLines(lines: string[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const line of lines) {
    if (!line.startsWith('{')) continue;
    try {
      out.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // a line cut by the end of the buffer
    }
  }
  return out;
}
