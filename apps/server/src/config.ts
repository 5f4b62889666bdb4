import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { PdfRendererOptions } from './modules/pdf/pdf-renderer.ts';
import type { WorkerOptions } from './modules/background/background-worker.ts';
import type { MailConfig } from './modules/mail/mail-transport.ts';

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** SQLite file; ':memory:' in tests. Ignored when databaseUrl is set. */
  sqliteFile: string;
  demo: boolean;
  /** Public origin used to build invitation links; derived from the request when unset. */
  publicUrl: string | undefined;
  trustProxy: boolean;
  session: {
    officeIdleMinutes: number;
    officeAbsoluteHours: number;
    fieldIdleMinutes: number;
    fieldAbsoluteHours: number;
    cookieName: string;
  };
  loginLimits: { perAccountPerHour: number; perIpPer15Min: number };
  /** New companies per client IP per hour: signup is public and creates rows. */
  signupLimitPerIpPerHour: number;
  bodyLimitBytes: number;
  requestTimeoutMs: number;
  connectionTimeoutMs: number;
  /** Live updates: comment heartbeat of an open event stream, which also re-checks its session. */
  eventsHeartbeatMs: number;
  webDistDir: string | undefined;
  logLevel: string;
  /** Job media files; on several instances point every one at the same shared directory. */
  mediaDir: string;
  ai: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
    timeoutMs: number;
    perUserPerHour: number;
    perTenantPerHour: number;
    publicPerIpPerHour: number;
  };
  /** PDF rendering off the request thread (modules/pdf/pdf-pool.ts) and its cache (pdf-cache.ts). */
  pdf: Omit<PdfRendererOptions, 'logError'>;
  /** SMTP_URL (none: messages are kept as "not sent") and MAIL_FROM's address. */
  mail: MailConfig;
  /** SECRET_KEY (else DATA_DIR/secret.key) and SECRET_KEY_PREVIOUS during a rotation: lib/secret-box.ts. */
  secretKey: string | undefined;
  previousSecretKey: string | undefined;
  /** The outbox worker every process runs (modules/background/background-worker.ts). */
  background: WorkerOptions;
  /** METRICS_TOKEN: GET /metrics answers only with this bearer token; unset, there are no metrics at all. */
  metricsToken: string | undefined;
  /** STRIPE_API_URL: where the Stripe SDK sends its requests (Stripe's own unless set: tests, an egress proxy). */
  stripeApiUrl: string | undefined;
  /** TWILIO_API_URL: Twilio's REST API base (Twilio's own unless set: tests, an egress proxy). */
  twilioApiUrl: string;
};

/** Zero allowed (no queue, no cache). */
function whole(value: string | undefined, fallback: number): number {
  return value === '0' ? 0 : int(value, fallback);
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`Expected a positive number, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  return {
    port: int(env.PORT, 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    sqliteFile: join(dataDir, 'fieldwork.sqlite'),
    demo: env.DEMO === '1' || env.DEMO === 'true',
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/$/, '') : undefined,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    session: {
      officeIdleMinutes: int(env.SESSION_IDLE_MINUTES, 30),
      officeAbsoluteHours: int(env.SESSION_ABSOLUTE_HOURS, 12),
      fieldIdleMinutes: int(env.FIELD_SESSION_IDLE_MINUTES, 12 * 60),
      fieldAbsoluteHours: int(env.FIELD_SESSION_ABSOLUTE_HOURS, 14 * 24),
      cookieName: 'fw_session',
    },
    loginLimits: {
      perAccountPerHour: int(env.LOGIN_LIMIT_PER_ACCOUNT_HOUR, 100),
      perIpPer15Min: int(env.LOGIN_LIMIT_PER_IP_15MIN, 300),
    },
    signupLimitPerIpPerHour: int(env.SIGNUP_LIMIT_PER_IP_HOUR, 20),
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1024 * 1024),
    requestTimeoutMs: int(env.REQUEST_TIMEOUT_MS, 30_000),
    connectionTimeoutMs: int(env.CONNECTION_TIMEOUT_MS, 10_000),
    eventsHeartbeatMs: int(env.EVENTS_HEARTBEAT_MS, 25_000),
    webDistDir: env.WEB_DIST_DIR ?? resolve(import.meta.dirname, '../../web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    mediaDir: resolve(env.MEDIA_DIR ?? join(dataDir, 'media')),
    ai: {
      baseUrl: env.AI_BASE_URL || undefined,
      apiKey: env.AI_API_KEY || undefined,
      model: env.AI_MODEL ?? 'gpt-4o-mini',
      timeoutMs: int(env.AI_TIMEOUT_MS, 20_000),
      perUserPerHour: int(env.AI_LIMIT_PER_USER_HOUR, 60),
      perTenantPerHour: int(env.AI_LIMIT_PER_TENANT_HOUR, 500),
      publicPerIpPerHour: int(env.AI_LIMIT_PUBLIC_PER_IP_HOUR, 10),
    },
    pdf: {
      // One core is left to the thread that answers requests.
      workers: int(env.PDF_WORKERS, Math.max(1, availableParallelism() - 1)),
      rendersPerCompany: int(env.PDF_RENDERS_PER_COMPANY, 2),
      queuePerCompany: whole(env.PDF_QUEUE_PER_COMPANY, 4),
      queueTotal: int(env.PDF_QUEUE_TOTAL, 32),
      renderTimeoutMs: int(env.PDF_RENDER_TIMEOUT_MS, 30_000),
      cacheBytes: whole(env.PDF_CACHE_MB, 64) * 1024 * 1024,
    },
    mail: { smtpUrl: env.SMTP_URL || undefined, from: env.MAIL_FROM || defaultFrom(env.PUBLIC_URL) },
    secretKey: env.SECRET_KEY || undefined,
    previousSecretKey: env.SECRET_KEY_PREVIOUS || undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    stripeApiUrl: env.STRIPE_API_URL || undefined,
    twilioApiUrl: (env.TWILIO_API_URL || 'https://api.twilio.com').replace(/\/$/, ''),
    background: {
      pollMs: whole(env.BACKGROUND_POLL_MS, 500),
      concurrency: int(env.BACKGROUND_CONCURRENCY, 4),
      leaseMs: int(env.BACKGROUND_LEASE_MS, 120_000),
      retryBaseMs: int(env.BACKGROUND_RETRY_BASE_MS, 10_000),
      retryMaxMs: int(env.BACKGROUND_RETRY_MAX_MS, 30 * 60_000),
      keepDoneMs: 7 * 24 * 3600_000,
    },
  };
}

/** no-reply at PUBLIC_URL's host, so mail is sent from the deployment's own domain unless MAIL_FROM says otherwise. */
function defaultFrom(publicUrl: string | undefined): string {
  try {
    return `no-reply@${publicUrl ? new URL(publicUrl).hostname : 'localhost'}`;
  } catch {
    return 'no-reply@localhost';
  }
}

/** A config for tests: in-memory SQLite unless a database URL is given, quiet logs, no web. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({});
  const mediaDir = join(tmpdir(), `fieldwork-test-media-${process.pid}-${Math.random().toString(36).slice(2)}`);
  // The worker runs only when a test drains it (app.worker.drain()), so nothing happens behind a test's back.
  const background = { ...base.background, pollMs: 0, retryBaseMs: 50, retryMaxMs: 200 };
  return {
    ...base,
    sqliteFile: ':memory:',
    logLevel: 'silent',
    webDistDir: undefined,
    mediaDir,
    secretKey: 'fieldwork-tests-only-secret-key-0123456789',
    // Nothing listens on the discard port: a test that forgot its fake Stripe fails fast instead of calling Stripe.
    stripeApiUrl: 'http://127.0.0.1:9',
    twilioApiUrl: 'http://127.0.0.1:9',
    background,
    ...overrides,
  };
}
