import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { migrationNames } from '@fieldwork/db/migrate';
import { appliedMigrations, pingDatabase } from './health.repository.ts';
import { isShuttingDown } from './readiness.ts';

const readyBody = z.object({ status: z.enum(['ready', 'not-ready', 'shutting-down']), reason: z.string().optional() });

/**
 * Liveness (process up, no database work, so a slow database never gets a healthy process restarted) and
 * readiness (what a load balancer should route on). Public and cheap; neither says anything about a tenant.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up (no database query)',
        security: [],
        response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) },
      },
    },
    async () => ({ status: 'ok' as const, database: app.dialect }),
  );

  // Migrations only ever move forward, so once they are all applied that is not asked again.
  let migrated = false;
  api.get(
    '/api/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: database reachable, migrations applied, not shutting down (503 otherwise)',
        security: [],
        response: { 200: readyBody, 503: readyBody },
      },
    },
    async (request, reply) => {
      if (isShuttingDown(app)) return reply.status(503).send({ status: 'shutting-down' });
      try {
        await pingDatabase(app.db);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: database unreachable');
        return reply.status(503).send({ status: 'not-ready', reason: 'database unreachable' });
      }
      if (!migrated) {
        // No migrations table yet reads as "pending" too.
        const done = await appliedMigrations(app.db);
        migrated = migrationNames().every((name) => done.has(name));
        if (!migrated) return reply.status(503).send({ status: 'not-ready', reason: 'migrations pending' });
      }
      return { status: 'ready' as const };
    },
  );
}
