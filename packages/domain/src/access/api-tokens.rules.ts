import { PERMISSIONS, viewerClass, type Capability, type Viewer, type ViewerClass } from './roles.rules.ts';

/**
 * Personal API tokens act as their owner, narrowed by a scope chosen at creation. The owner's role is checked
 * on every call exactly as for a session; a scope only ever takes power away, never adds any.
 */
export const TOKEN_SCOPES = ['read', 'receptionist', 'full'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** The methods that change nothing. */
export const SAFE_METHODS = ['GET', 'HEAD'] as const;

type ScopeRule = {
  label: string;
  description: string;
  /** The HTTP methods a token of this scope may send. */
  methods: readonly string[] | 'any';
  /** The capabilities (as a route's guard names them) it may reach; 'any' for every route its owner may call. */
  capabilities: readonly Capability[] | 'any';
  /** The 403 message for a call outside the scope. */
  refusal: string | null;
  /** Who may create a token of this scope. */
  creators: readonly ViewerClass[];
  /** The 403 message for anyone else who tries. */
  creatorRefusal: string;
};

export const TOKEN_SCOPE_RULES = {
  // Everyone may read something (their company, their own tasks or at least their profile).
  read: {
    label: 'Read only',
    description: 'Reads what you may read; changes nothing.',
    methods: SAFE_METHODS,
    capabilities: 'any',
    refusal: 'This API token is read-only.',
    creators: ['admin', 'partial', 'view', 'none', 'technician', 'subcontractor'],
    creatorRefusal: 'Your role cannot create API tokens.',
  },
  // Write only, no reads of the call log: a repeat post already answers the stored call, so a phone system
  // needs nothing else, and a leaked phone-system token then exposes no caller names, numbers or summaries.
  receptionist: {
    label: 'Receptionist call log',
    description: 'Only records calls in the AI receptionist call log.',
    methods: 'any',
    capabilities: ['receptionist.post'],
    refusal: 'This API token may only record receptionist calls.',
    creators: PERMISSIONS['receptionist.post'],
    creatorRefusal: 'Only staff who may record receptionist calls can create receptionist tokens.',
  },
  // View-only and no-access staff change no business data, so a token of theirs has nothing to write either.
  full: {
    label: 'Full access',
    description: 'Everything you may do, except managing tokens, users and company settings.',
    methods: 'any',
    capabilities: 'any',
    refusal: null,
    creators: ['admin', 'partial', 'technician', 'subcontractor'],
    creatorRefusal: 'View-only and no-access users can create read-only tokens only.',
  },
} as const satisfies Record<TokenScope, ScopeRule>;

const MANAGEMENT_REFUSAL = 'API tokens cannot manage tokens, users or company settings.';

/**
 * What no token may do, whatever its scope: a leaked token must not mint more tokens, let anyone into the
 * company or change who may do what, change the company, nor take over its owner's login.
 * 'all' covers every route behind the capability, 'writes' those that change something.
 */
export const TOKEN_NEVER = {
  'tokens.self': { methods: 'all', refusal: MANAGEMENT_REFUSAL },
  'users.manage': { methods: 'all', refusal: MANAGEMENT_REFUSAL },
  'settings.manage': { methods: 'all', refusal: MANAGEMENT_REFUSAL },
  'profile.self': { methods: 'writes', refusal: "API tokens cannot change their owner's profile, password or photo." },
} as const satisfies Partial<Record<Capability, { methods: 'all' | 'writes'; refusal: string }>>;

const isSafe = (method: string) => (SAFE_METHODS as readonly string[]).includes(method.toUpperCase());

/**
 * Why a token of this scope may not make this call (the message of its 403), or null when it may. The route
 * is described by its method and the capabilities its guards check (none for public routes and the events
 * stream); the owner's own permission is checked separately, as for a session.
 */
export function tokenRefusal(scope: TokenScope, route: { method: string; capabilities: readonly Capability[] }): string | null {
  for (const capability of route.capabilities) {
    const never = (TOKEN_NEVER as Partial<Record<Capability, { methods: 'all' | 'writes'; refusal: string }>>)[capability];
    if (never && (never.methods === 'all' || !isSafe(route.method))) return never.refusal;
  }
  const rule: ScopeRule = TOKEN_SCOPE_RULES[scope];
  const methodOk = rule.methods === 'any' || rule.methods.includes(route.method.toUpperCase());
  const allowed = rule.capabilities;
  const capabilityOk = allowed === 'any' || route.capabilities.some((c) => allowed.includes(c));
  return methodOk && capabilityOk ? null : rule.refusal;
}

export function mayCreateTokenScope(viewer: Pick<Viewer, 'role' | 'access'>, scope: TokenScope): boolean {
  return (TOKEN_SCOPE_RULES[scope].creators as readonly ViewerClass[]).includes(viewerClass(viewer));
}

/** The scopes offered to this viewer, broadest last. */
export function creatableTokenScopes(viewer: Pick<Viewer, 'role' | 'access'>): TokenScope[] {
  return TOKEN_SCOPES.filter((scope) => mayCreateTokenScope(viewer, scope));
}

/** A token stops working at its expiry instant; without one it works until revoked. */
export function tokenExpired(expiresAt: string | null, now: number): boolean {
  return expiresAt !== null && Date.parse(expiresAt) <= now;
}

/**
 * A year and a day, so "1 year" from any moment (a leap year's 366 days included) fits; longer-lived
 * integrations choose no expiry and are revoked by hand.
 */
export const TOKEN_MAX_LIFETIME_DAYS = 366;
const DAY_MS = 86_400_000;

export const TOKEN_EXPIRY_MESSAGES = {
  invalid: 'Expiry must be a valid ISO 8601 date-time.',
  past: 'Expiry must be in the future.',
  tooFar: 'Expiry must be at most one year ahead.',
} as const;

/** Why this expiry cannot be chosen now, or null when it can. */
export function tokenExpiryProblem(expiresAt: string, now: number): string | null {
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return TOKEN_EXPIRY_MESSAGES.invalid;
  if (at <= now) return TOKEN_EXPIRY_MESSAGES.past;
  if (at > now + TOKEN_MAX_LIFETIME_DAYS * DAY_MS) return TOKEN_EXPIRY_MESSAGES.tooFar;
  return null;
}
