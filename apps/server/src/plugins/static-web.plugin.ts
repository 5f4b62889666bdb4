import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@fieldwork/domain/common/errors.schemas';

/** Serves the built SPA; any non-API GET that is not a file gets index.html so client routes deep-link. */
export async function staticWebPlugin(app: FastifyInstance, opts: { distDir: string | undefined }): Promise<void> {
  const distDir = opts.distDir;
  const hasWeb = !!distDir && existsSync(join(distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (hasWeb && request.method === 'GET' && !path.startsWith('/api/') && path !== '/api') {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    throw new AppError('NOT_FOUND');
  });
}
