import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    schema: { tags: ['health'], summary: 'Liveness and database reachability', security: [], response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) } },
  }, async () => {
    await sql`select 1`.execute(app.db);
    return { status: 'ok' as const, database: app.dialect };
  });
}
