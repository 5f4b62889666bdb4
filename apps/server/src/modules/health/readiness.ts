import type { FastifyInstance } from 'fastify';

/** Shutdown state per app instance: set by server.ts on SIGTERM/SIGINT, read by GET /api/ready. */
const shuttingDown = new WeakSet<FastifyInstance>();

export function markShuttingDown(app: FastifyInstance): void {
  shuttingDown.add(app);
}

export function isShuttingDown(app: FastifyInstance): boolean {
  return shuttingDown.has(app);
}
