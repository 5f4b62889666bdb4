import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@fieldwork/domain/common/errors.schemas';

/**
 * Files the browser must revalidate on every load: the service worker and its workbox runtime (or an update would
 * go unseen for the cache's hour), the shell page and the install manifest (they name the current release's files).
 */
const ALWAYS_REVALIDATE = /^\/(sw\.js|workbox-[\w-]+\.js|index\.html|manifest\.webmanifest)$/;

/** Serves the built SPA; any non-API GET that is not a file gets index.html so client routes deep-link. */
export async function staticWebPlugin(app: FastifyInstance, opts: { distDir: string | undefined }): Promise<void> {
  const distDir = opts.distDir;
  const hasWeb = !!distDir && existsSync(join(distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false, maxAge: '1h', immutable: false });
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
      const path = request.url.split('?')[0] ?? '';
      // The shell sent for an app route too: sendFile would otherwise give it the files' hour.
      const isShell = !path.startsWith('/api') && String(reply.getHeader('content-type') ?? '').startsWith('text/html');
      if (ALWAYS_REVALIDATE.test(path) || isShell) reply.header('cache-control', 'no-cache');
      return payload;
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (hasWeb && request.method === 'GET' && !path.startsWith('/api/') && path !== '/api') {
      return reply.type('text/html').sendFile('index.html');
    }
    throw new AppError('NOT_FOUND');
  });
}
