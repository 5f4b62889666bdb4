import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '@fieldwork/db/connection';

/** What the metrics read when scraped: given by the composition root, so this file knows no module. */
export type MetricsSources = {
  openStreams: () => number;
  /** Background jobs per state across every company (done jobs are pruned, so the table stays small). */
  jobCounts: () => Promise<Record<string, number>>;
  /** null on SQLite: one connection, no pool. */
  pool: () => PoolStats | null;
};

/**
 * WEB_CONCURRENCY > 1: the primary collects this process's registry (share), and a scrape answers the sum over
 * every server process, so one target reports the whole server whichever process takes the request.
 */
export type ClusterMetrics = { share: (registry: Registry) => void; scrape: () => Promise<string> };

export type Metrics = {
  registry: Registry;
  /** The Prometheus text a scrape answers: this process's, or in a cluster the sum over all of them. */
  scrape: () => Promise<string>;
  observeRequest: (method: string, route: string, status: number, seconds: number) => void;
  observeJob: (kind: string, outcome: 'done' | 'retried' | 'failed', seconds: number) => void;
};

/** Job states worth a series of their own: a failed job waits for a person, queued and running for the worker. */
const JOB_STATES = ['queued', 'running', 'failed'] as const;

/**
 * The process's metrics in Prometheus form. Request series are labelled by the route's pattern
 * (`/api/jobs/:id`), never the raw path, so ids cannot grow the number of series without bound; a path that
 * matched no route counts as `unmatched`. Buckets span a 5 ms list page to a 10 s PDF render.
 */
export function createMetrics(sources: MetricsSources, cluster?: ClusterMetrics): Metrics {
  const registry = new Registry();
  // Process memory, CPU, handles, GC and event-loop lag (nodejs_eventloop_lag_*), sampled every 20 ms.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'fieldwork_http_requests_total', help: 'HTTP requests answered, by route pattern and status', labelNames, registers });
  const duration = new Histogram({
    name: 'fieldwork_http_request_duration_seconds',
    help: 'Time from the request arriving to its answer being sent, by route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const jobDuration = new Histogram({
    name: 'fieldwork_background_job_duration_seconds',
    help: 'Time a background job ran, by kind and outcome (done, retried, failed)',
    labelNames: ['kind', 'outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers,
  });

  new Gauge({
    name: 'fieldwork_event_streams_open',
    help: 'Live-update streams (GET /api/events) held open',
    registers,
    collect() {
      this.set(sources.openStreams());
    },
  });
  new Gauge({
    name: 'fieldwork_background_jobs',
    help: 'Background jobs of every company by state (queued, running, failed), as the database holds them',
    labelNames: ['state'] as const,
    registers,
    // Every process reads the same table: summed over a cluster's processes it would count each job N times.
    aggregator: 'max',
    async collect() {
      const counts = await sources.jobCounts();
      for (const state of JOB_STATES) this.set({ state }, counts[state] ?? 0);
    },
  });
  new Gauge({
    name: 'fieldwork_db_pool_connections',
    help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one (absent on SQLite)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = sources.pool();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  cluster?.share(registry);
  return {
    registry,
    scrape: cluster ? cluster.scrape : () => registry.metrics(),
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    observeJob(kind, outcome, seconds) {
      jobDuration.observe({ kind, outcome }, seconds);
    },
  };
}
