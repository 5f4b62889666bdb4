import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createDb, type Db, type DbHandle, type DialectName } from '@fieldwork/db/connection';
import { migrateToLatest } from '@fieldwork/db/migrate';
import type { AppConfig } from './config.ts';
import { authPlugin } from './plugins/auth.plugin.ts';
import { errorsPlugin } from './plugins/errors.plugin.ts';
import { requestIdPlugin } from './ops/request-id.ts';
import { OneLineRequestLog } from './ops/request-log.ts';
import { idempotencyPlugin } from './plugins/idempotency.plugin.ts';
import { openapiPlugin } from './plugins/openapi.plugin.ts';
import { securityPlugin } from './plugins/security.plugin.ts';
import { staticWebPlugin } from './plugins/static-web.plugin.ts';
import { registerModules } from './modules/modules.routes.ts';
import { eventsPlugin } from './modules/events/events.plugin.ts';
import { backgroundPlugin } from './background.plugin.ts';
import { costsRoutes } from './modules/costs/costs.routes.ts';
import { createPdfRenderer, type PdfRenderer } from './modules/pdf/pdf-renderer.ts';
import { runInScope } from '@fieldwork/db/tenant-scope';
import { countJobsByState } from './modules/background/background.repository.ts';
import { createMetrics, type Metrics } from './ops/metrics.ts';
import { metricsPlugin } from './plugins/metrics.plugin.ts';
import type { ClusterPeers } from './ops/cluster-worker.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    db: Db;
    dialect: DialectName;
    config: AppConfig;
    /** PDFs rendered on worker threads, cached; its threads end when the app closes. */
    pdf: PdfRenderer;
    /** null unless METRICS_TOKEN is set. */
    metrics: Metrics | null;
    /** Every route registered with its schema (zod), for the generated security suites. */
    routeTable: RouteTableEntry[];
  }
}

export type RouteTableEntry = { method: string; url: string; schema?: FastifySchema };
export type BuildOptions = {
  dbHandle?: DbHandle;
  migrate?: boolean;
  /** A cluster worker's link to the other server processes (WEB_CONCURRENCY > 1): live events and metrics. */
  peers?: ClusterPeers;
};

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const handle = options.dbHandle ?? createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  if (options.migrate !== false) await migrateToLatest(handle.db, handle.dialect);

  const app = Fastify({
    logger: { level: config.logLevel },
    logController: new OneLineRequestLog(),
    bodyLimit: config.bodyLimitBytes,
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    ajv: { customOptions: { removeAdditional: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', handle.db);
  app.decorate('dialect', handle.dialect);
  app.decorate('config', config);
  const routeTable: RouteTableEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url, schema: route.schema });
  });
  if (!options.dbHandle) app.addHook('onClose', async () => handle.close());
  const pdf = createPdfRenderer({ ...config.pdf, logError: (err) => app.log.error({ err }, 'PDF render thread failed') });
  app.decorate('pdf', pdf);
  app.addHook('onClose', async () => pdf.close());

  const metrics = config.metricsToken
    ? createMetrics(
        {
          openStreams: () => app.events.size,
          jobCounts: () => runInScope({ tenantId: null, worker: 'on' }, () => countJobsByState(handle.db)),
          pool: () => handle.poolStats?.() ?? null,
        },
        options.peers?.metrics,
      )
    : null;
  app.decorate('metrics', metrics);

  await requestIdPlugin(app);
  await errorsPlugin(app);
  await metricsPlugin(app, metrics, config.metricsToken);
  await securityPlugin(app);
  // Before compression: its onSend must see the serialized body, not a gzip stream.
  await idempotencyPlugin(app);
  // Fast settings, measured on the scheduler's 900 KB week (bench, 2 cores): brotli quality 1 takes 2.8 ms and
  // is smaller than gzip's default (10.8 ms); gzip level 1 takes 7.0 ms for 5% more bytes. Browsers ask for br.
  // The events stream is hijacked, so it is never buffered by this.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT, [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
  });
  await authPlugin(app);
  await openapiPlugin(app);
  await eventsPlugin(app, { databaseUrl: handle.databaseUrl ?? config.databaseUrl, peers: options.peers?.events });
  await backgroundPlugin(app);
  await registerModules(app);
  await app.register(costsRoutes);
  await staticWebPlugin(app, { distDir: config.webDistDir });
  return app;
}
