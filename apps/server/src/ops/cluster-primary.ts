import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type PrometheusContentType } from 'prom-client';
import type { ShutdownSettings } from './graceful-shutdown.ts';
import { StartupRefused } from './startup-checks.ts';
import { CLUSTER_MESSAGE, type ClusterMessage } from './cluster-messages.ts';

/**
 * WEB_CONCURRENCY: how many server processes share the port. Unset or empty means 1, which is the single
 * process of old (no primary, no IPC); anything but a positive whole number is refused at start-up.
 */
export function webConcurrency(value: string | undefined): number {
  const text = value?.trim() ?? '';
  if (text === '') return 1;
  if (!/^[1-9][0-9]*$/.test(text)) {
    throw new StartupRefused(`Refusing to start: WEB_CONCURRENCY must be a positive whole number of server processes (e.g. 2), got "${value}".`);
  }
  return Number(text);
}

const RESTART_BASE_MS = 250;
const RESTART_MAX_MS = 30_000;
/** Exits further back than this no longer slow the next restart: a worker that ran a while earned a quick one. */
export const RESTART_WINDOW_MS = 60_000;

/**
 * Delay before replacing a worker that died, given how many died within the last RESTART_WINDOW_MS (this one
 * included): doubling from 250 ms up to 30 s, so a worker that crashes at every start costs a restart every
 * 30 s instead of a core spinning on restarts.
 */
export function restartDelayMs(recentExits: number): number {
  return Math.min(RESTART_MAX_MS, RESTART_BASE_MS * 2 ** Math.max(0, recentExits - 1));
}

export type PrimaryOptions = {
  workers: number;
  shutdown: ShutdownSettings;
  /** Called once, when every first worker listens. */
  onListening: () => void;
};

/**
 * The primary of WEB_CONCURRENCY > 1: it serves no request and opens no database (it migrated before forking).
 * It forks the workers (each a whole server: app, event streams, job worker), relays live events between them
 * and answers their metrics scrapes with the sum of all. A worker that dies is replaced after restartDelayMs;
 * one that dies before every first worker listened stops the server (a bad port or database would only loop).
 * SIGTERM/SIGINT passes the signal to every worker, each drains as a single process does, and the primary exits
 * once they are gone: 0 when all exited 0.
 */
export function runPrimary(options: PrimaryOptions): void {
  let started = false;
  let stopping = false;
  let exitCode = 0;
  const exits: number[] = [];
  const restarts = new Set<NodeJS.Timeout>();
  let aggregator: AggregatorRegistry<PrometheusContentType> | null = null;
  const listening = new Set<number>();

  // A worker that exited may stay in cluster.workers until its IPC channel closes too: it no longer counts.
  const workers = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
  const say = (text: string) => console.log(`[primary ${process.pid}] ${text}`);

  cluster.on('listening', (worker) => {
    listening.add(worker.id);
    if (started || stopping || listening.size < options.workers) return;
    started = true;
    options.onListening();
  });

  cluster.on('message', (from: Worker, message: ClusterMessage) => {
    if (message?.type === CLUSTER_MESSAGE.event) {
      // Every other worker, once: the sender already published the event to its own streams.
      for (const worker of workers()) if (worker !== from && worker.isConnected()) worker.send(message);
    } else if (message?.type === CLUSTER_MESSAGE.metricsRequest) {
      aggregator ??= new AggregatorRegistry<PrometheusContentType>();
      aggregator.clusterMetrics().then(
        (text: string) => from.isConnected() && from.send({ type: CLUSTER_MESSAGE.metricsReply, id: message.id, text }),
        (error: Error) => from.isConnected() && from.send({ type: CLUSTER_MESSAGE.metricsReply, id: message.id, error: error.message }),
      );
    }
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const timer of restarts) clearTimeout(timer);
    restarts.clear();
    say(`${signal}: stopping ${workers().length} server process(es)`);
    for (const worker of workers()) worker.process.kill(signal);
    if (workers().length === 0) process.exit(exitCode);
    // Each worker exits by itself within its own timeout; this only catches one that hangs past it.
    const timer = setTimeout(
      () => {
        say('server processes still running past the shutdown timeout: killing them');
        for (const worker of workers()) worker.process.kill('SIGKILL');
        process.exit(1);
      },
      options.shutdown.drainDelayMs + options.shutdown.timeoutMs + 5_000,
    );
    timer.unref();
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (workers().length === 0) process.exit(exitCode);
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!started) {
      console.error(`[primary ${process.pid}] server process ${worker.process.pid} exited (${how}) before the server was up: stopping`);
      exitCode = 1;
      stop('SIGTERM');
      return;
    }
    const now = Date.now();
    exits.push(now);
    while (exits.length && exits[0]! < now - RESTART_WINDOW_MS) exits.shift();
    const delay = restartDelayMs(exits.length);
    say(`server process ${worker.process.pid} exited (${how}); starting a new one in ${delay} ms`);
    const timer = setTimeout(() => {
      restarts.delete(timer);
      if (!stopping) cluster.fork();
    }, delay);
    restarts.add(timer);
  });

  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < options.workers; i++) cluster.fork();
}
