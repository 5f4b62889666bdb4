import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import type { Metrics } from '../ops/metrics.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `GET /metrics` for Prometheus. Without METRICS_TOKEN there are no metrics at all (no per-request work, and the
 * path answers 404 as an unknown one would); with it, only a scraper holding that bearer token may read them,
 * compared in constant time. Request timing runs in onResponse, after the answer is on its way.
 */
export async function metricsPlugin(app: FastifyInstance, metrics: Metrics | null, token: string | undefined): Promise<void> {
  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    });
  }
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!metrics || !token) throw new AppError('NOT_FOUND');
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!timingSafeEqual(digest(given), digest(token))) {
      throw new AppError('UNAUTHENTICATED', 'A metrics scrape needs the METRICS_TOKEN bearer token.', {
        headers: { 'www-authenticate': 'Bearer realm="metrics"' },
      });
    }
    void reply.header('content-type', metrics.registry.contentType);
    return metrics.scrape();
  });
}
