import { describe, expect, it } from 'vitest';
import { creatableTokenScopes, TOKEN_EXPIRY_MESSAGES, tokenExpired, tokenExpiryProblem, tokenRefusal, type TokenScope } from './api-tokens.rules.ts';
import type { AccessLevel, Capability } from './roles.rules.ts';

describe('which scopes a viewer may create', () => {
  it.each([
    ['Admin', 'fullAccess', ['read', 'receptionist', 'full']],
    ['Super Admin', 'noAccess', ['read', 'receptionist', 'full']],
    ['Staff', 'fullAccess', ['read', 'receptionist', 'full']],
    ['Staff', 'partialAccess', ['read', 'receptionist', 'full']],
    ['Staff', 'onlyViewAccess', ['read']],
    ['Staff', 'noAccess', ['read']],
    ['Technician', 'noAccess', ['read', 'full']],
    ['Tech Access', 'fullAccess', ['read', 'full']],
    ['SubContractor', 'noAccess', ['read', 'full']],
  ] as const)('%s with %s -> %j', (role, access, scopes) => {
    expect(creatableTokenScopes({ role, access: access as AccessLevel })).toEqual(scopes);
  });
});

const READ_ONLY = 'This API token is read-only.';
const RECEPTIONIST_ONLY = 'This API token may only record receptionist calls.';
const MANAGEMENT = 'API tokens cannot manage tokens, users or company settings.';
const PROFILE = "API tokens cannot change their owner's profile, password or photo.";

describe('what a token of each scope may call', () => {
  type Row = [string, string, Capability[], Record<TokenScope, string | null>];
  it.each<Row>([
    ['a read', 'GET', ['jobs.read'], { read: null, receptionist: RECEPTIONIST_ONLY, full: null }],
    ['a HEAD read', 'HEAD', ['jobs.read'], { read: null, receptionist: RECEPTIONIST_ONLY, full: null }],
    ['a write', 'POST', ['jobs.write'], { read: READ_ONLY, receptionist: RECEPTIONIST_ONLY, full: null }],
    ['a delete', 'DELETE', ['costs.write'], { read: READ_ONLY, receptionist: RECEPTIONIST_ONLY, full: null }],
    ['the call log write', 'POST', ['receptionist.post'], { read: READ_ONLY, receptionist: null, full: null }],
    ['the call log read', 'GET', ['receptionist.read'], { read: null, receptionist: RECEPTIONIST_ONLY, full: null }],
    ['the events stream (no guard)', 'GET', [], { read: null, receptionist: RECEPTIONIST_ONLY, full: null }],
    ['a public write (no guard)', 'POST', [], { read: READ_ONLY, receptionist: RECEPTIONIST_ONLY, full: null }],
    ['the token list', 'GET', ['tokens.self'], { read: MANAGEMENT, receptionist: MANAGEMENT, full: MANAGEMENT }],
    ['token creation', 'POST', ['tokens.self'], { read: MANAGEMENT, receptionist: MANAGEMENT, full: MANAGEMENT }],
    ['the invitations list', 'GET', ['users.manage'], { read: MANAGEMENT, receptionist: MANAGEMENT, full: MANAGEMENT }],
    ['a role change', 'PATCH', ['users.manage'], { read: MANAGEMENT, receptionist: MANAGEMENT, full: MANAGEMENT }],
    ['a company change', 'PUT', ['settings.manage'], { read: MANAGEMENT, receptionist: MANAGEMENT, full: MANAGEMENT }],
    ['the own profile read', 'GET', ['profile.self'], { read: null, receptionist: RECEPTIONIST_ONLY, full: null }],
    ['a password change', 'PUT', ['profile.self'], { read: PROFILE, receptionist: PROFILE, full: PROFILE }],
    ['a photo removal', 'DELETE', ['profile.self'], { read: PROFILE, receptionist: PROFILE, full: PROFILE }],
  ])('%s (%s)', (_what, method, capabilities, expected) => {
    for (const scope of ['read', 'receptionist', 'full'] as const) {
      expect(tokenRefusal(scope, { method, capabilities }), scope).toBe(expected[scope]);
    }
  });
});

describe('expiry', () => {
  const now = Date.parse('2026-03-01T12:00:00.000Z');
  it('ends at the expiry instant; no expiry never ends', () => {
    expect(tokenExpired(null, now)).toBe(false);
    expect(tokenExpired('2026-03-01T12:00:00.001Z', now)).toBe(false);
    expect(tokenExpired('2026-03-01T12:00:00.000Z', now)).toBe(true);
    expect(tokenExpired('2025-01-01T00:00:00.000Z', now)).toBe(true);
  });

  it('may be chosen in the future, at most a year and a day ahead', () => {
    expect(tokenExpiryProblem('2026-03-01T12:00:01.000Z', now)).toBeNull();
    expect(tokenExpiryProblem('2027-03-01T12:00:00.000Z', now)).toBeNull();
    expect(tokenExpiryProblem('2027-03-02T12:00:00.000Z', now)).toBeNull();
    expect(tokenExpiryProblem('2027-03-02T12:00:00.001Z', now)).toBe(TOKEN_EXPIRY_MESSAGES.tooFar);
    expect(tokenExpiryProblem('2026-03-01T12:00:00.000Z', now)).toBe(TOKEN_EXPIRY_MESSAGES.past);
    expect(tokenExpiryProblem('not a date', now)).toBe(TOKEN_EXPIRY_MESSAGES.invalid);
  });
});
