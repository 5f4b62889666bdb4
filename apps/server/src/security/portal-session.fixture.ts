import { randomToken, sha256 } from '../lib/crypto.ts';
import { PORTAL_COOKIE } from '../modules/portal/portal-session.service.ts';
import type { TestApp } from '../test-support/test-app.ts';

/**
 * A customer portal session for one customer of one company, written as the link exchange writes it (the row
 * holds only the hash of the cookie's value): for suites that need a portal caller but send no email. The
 * exchange itself — emailed link, token, cookie — is what cross-customer.test.ts and the portal's own tests use.
 */
export async function portalSessionOf(t: TestApp, tenantId: string, customerId: string, email = 'portal-caller@example.com'): Promise<{ cookie: string }> {
  const secret = randomToken();
  const now = Date.now();
  await t.db
    .insertInto('portal_sessions')
    .values({
      id: sha256(secret),
      tenant_id: tenantId,
      customer_id: customerId,
      email,
      link_id: null,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + 3_600_000).toISOString(),
      ip: null,
      user_agent: null,
    })
    .execute();
  return { cookie: `${PORTAL_COOKIE}=${secret}` };
}
