import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '@fieldwork/db/connection';
import { markShuttingDown } from '../modules/health/readiness.ts';

export type ShutdownSettings = {
  /** Time between "not ready" and closing the listener, for a balancer polling /api/ready to move traffic away. */
  drainDelayMs: number;
  /** Longest wait for in-flight requests; then the process exits 1 anyway. */
  timeoutMs: number;
};

function nonNegative(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name}: expected a number of milliseconds, got "${value}"`);
  return n;
}

export function shutdownSettings(env: NodeJS.ProcessEnv = process.env): ShutdownSettings {
  return {
    drainDelayMs: nonNegative(env.SHUTDOWN_DRAIN_DELAY_MS, 0, 'SHUTDOWN_DRAIN_DELAY_MS'),
    timeoutMs: nonNegative(env.SHUTDOWN_TIMEOUT_MS, 10_000, 'SHUTDOWN_TIMEOUT_MS'),
  };
}

/**
 * SIGTERM/SIGINT: readiness turns 503 at once, then (after the drain delay) the listener closes, idle
 * keep-alive connections are dropped, live-update streams end (the events plugin's preClose, so browsers
 * reconnect to another instance), requests already running finish, the database closes, exit 0.
 */
export function installGracefulShutdown(app: FastifyInstance, handle: DbHandle, settings: ShutdownSettings): void {
  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    markShuttingDown(app);
    app.log.info({ signal, drainDelayMs: settings.drainDelayMs }, 'shutdown: not ready any more, draining');
    const timer = setTimeout(() => {
      app.log.error({ timeoutMs: settings.timeoutMs }, 'shutdown: requests still running at the timeout, exiting anyway');
      process.exit(1);
    }, settings.drainDelayMs + settings.timeoutMs);
    timer.unref();
    try {
      if (settings.drainDelayMs > 0) await new Promise((r) => setTimeout(r, settings.drainDelayMs));
      // Fastify drops the keep-alive connections idle at close time only; one whose request finishes later
      // would otherwise hold the process until the client's keep-alive ends (browsers: minutes).
      const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
      sweep.unref();
      await app.close();
      clearInterval(sweep);
      await handle.close();
      app.log.info('shutdown: done');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown: failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
