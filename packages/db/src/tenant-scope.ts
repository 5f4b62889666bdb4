import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which company's rows the current work may touch, carried through async calls. On PostgreSQL every pooled
 * connection is given these values (set_config) before it runs a query, and the row-level security policies of
 * migration 0014 read them: app.tenant_id opens one company's rows; the secret keys open the one row whose
 * secret the caller holds, for the lookups that come before any company is known (a session by its cookie's
 * hash, an API token by its hash, a user by the email typed at login, an invitation by its token's hash).
 * Nothing set means nothing visible. SQLite has no row-level security: the scope changes nothing there.
 */
export type DbScope = {
  tenantId: string | null;
  sessionHash?: string;
  tokenHash?: string;
  loginEmail?: string;
  invitationHash?: string;
  /** 'on' only in the background worker's claim: it sees the due jobs of every company, and nothing else. */
  worker?: 'on';
  /**
   * A lookup that its secret alone answers (a session by its hash, `where id = hash`) may run on a connection that
   * a company's work left open to that company: the statement reads one row by the secret whatever else is open,
   * so the company is kept instead of being closed for it and opened again for the request's next statement — two
   * round trips less on every signed-in request on PostgreSQL. Every other setting must still match exactly.
   */
  anyTenant?: true;
};

type ScopeSetting = Exclude<keyof DbScope, 'anyTenant'>;

/** The PostgreSQL setting each scope field is written to (policies in migration 0014 read these names). */
export const SCOPE_SETTINGS = {
  tenantId: 'app.tenant_id',
  sessionHash: 'app.session_hash',
  tokenHash: 'app.token_hash',
  loginEmail: 'app.login_email',
  invitationHash: 'app.invitation_hash',
  worker: 'app.worker',
} as const satisfies Record<ScopeSetting, string>;

const storage = new AsyncLocalStorage<DbScope>();

export function currentScope(): DbScope | undefined {
  return storage.getStore();
}

/** Runs fn (and everything it awaits) in the given scope. */
export function runInScope<T>(scope: DbScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** Runs fn with one company's rows open (seeds, sweeps, the steps of a sign-in once the company is known). */
export function withTenant<T>(tenantId: string, fn: () => T): T {
  return storage.run({ tenantId }, fn);
}

/** Runs fn with only the row matching one secret open, and no company (the lookups before sign-in). */
export function withSecret<T>(secret: Omit<DbScope, 'tenantId'>, fn: () => T): T {
  return storage.run({ tenantId: null, ...secret }, fn);
}

/**
 * Opens a company's rows for the rest of the current request: the request's scope object is shared by every
 * continuation of it, so setting it once the session is known reaches the handler and its queries.
 */
export function enterTenant(tenantId: string): void {
  const scope = storage.getStore();
  if (scope) scope.tenantId = tenantId;
}

/**
 * The scope of a signed-in request: its company, and its session's hash beside it. The session is one of the
 * company's own rows, so the hash opens nothing more; kept set, it lets the next request of the same session find
 * its session on the same connection with no scope change at all.
 */
export function sessionScope(tenantId: string, sessionHash: string): DbScope {
  return { tenantId, sessionHash };
}

/** enterTenant for a signed-in request: its company and its session (sessionScope). */
export function enterSession(tenantId: string, sessionHash: string): void {
  const scope = storage.getStore();
  if (scope) Object.assign(scope, sessionScope(tenantId, sessionHash));
}

/** The values set_config receives, in SCOPE_SETTINGS order ('' for unset: NULLIF turns it into NULL). */
export function scopeValues(scope: DbScope | undefined): string[] {
  return (Object.keys(SCOPE_SETTINGS) as ScopeSetting[]).map((key) => scope?.[key] ?? '');
}

/** Where the company sits in scopeValues' list. */
export const TENANT_VALUE_INDEX = Object.keys(SCOPE_SETTINGS).indexOf('tenantId');
