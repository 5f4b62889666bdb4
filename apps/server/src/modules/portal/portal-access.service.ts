import type { FastifyInstance, FastifyRequest } from 'fastify';
import { runTransaction } from '@fieldwork/db/transactions';
import { withTenant } from '@fieldwork/db/tenant-scope';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { PORTAL_MESSAGES } from '@fieldwork/domain/portal/portal.rules';
import { publicOrigin } from '../../lib/public-url.ts';
import { hitCounter, peekCounter } from '../auth/rate-limit.repository.ts';
import { issueSignInLink } from '../portal-core/portal-links.service.ts';
import { customersWithAddress } from './portal.repository.ts';
import { queueSignInEmail } from './portal-mail.service.ts';

type Limit = { key: string; max: number; windowMs: number };

/** Fixed windows shared by every server process (one upsert each); the first exceeded answers 429 with Retry-After. */
async function enforce(app: FastifyInstance, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const hit = await hitCounter(app.db, limit.key, limit.windowMs);
    if (hit.count > limit.max) {
      const retry = Math.max(1, Math.ceil((Date.parse(hit.windowStart) + limit.windowMs - Date.now()) / 1000));
      throw new AppError('RATE_LIMITED', undefined, { headers: { 'retry-after': String(retry) } });
    }
  }
}

const MINUTE = 60_000;

/** Public work requests: a person asks a handful of times, a script many — per address and per company. */
const PUBLIC_REQUESTS_PER_IP = 10;
const publicIpKey = (request: FastifyRequest) => `portal-work:ip:${request.ip}`;

/**
 * Before a public request's photos are read (up to 5 × 25 MB): an address already over its limit is refused
 * unread. Only looks; the request is counted with its email once the body is known.
 */
export async function refuseSpentAddress(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const hit = await peekCounter(app.db, publicIpKey(request), 60 * MINUTE);
  if (hit.count >= PUBLIC_REQUESTS_PER_IP) {
    const retry = Math.max(1, Math.ceil((Date.parse(hit.windowStart) + 60 * MINUTE - Date.now()) / 1000));
    throw new AppError('RATE_LIMITED', undefined, { headers: { 'retry-after': String(retry) } });
  }
}

export const limitPublicRequests = (app: FastifyInstance, request: FastifyRequest, tenantId: string, email: string) =>
  enforce(app, [
    { key: publicIpKey(request), max: PUBLIC_REQUESTS_PER_IP, windowMs: 60 * MINUTE },
    { key: `portal-work:email:${tenantId}:${email.toLowerCase()}`, max: 5, windowMs: 60 * MINUTE },
  ]);

/** The one customer an address belongs to in a company, if any (the first when several share it). */
export async function customersWithAddressIn(db: FastifyInstance['db'], tenantId: string, email: string): Promise<string | null> {
  return (await customersWithAddress(db, tenantId, email))[0] ?? null;
}

/**
 * Every answer takes at least this long: an address on file costs a few writes more than one that is not, and the
 * floor keeps the answer's timing from telling them apart.
 */
const ANSWER_FLOOR_MS = 250;
/** One address may be a contact of several customers (a property manager): one link each, up to this many. */
const MAX_CUSTOMERS_PER_ADDRESS = 5;

/**
 * A sign-in link for each customer the address is a contact of (or the customer's own address), emailed to that
 * address only. The caller answers the same whatever happened here.
 */
export async function requestSignInLink(app: FastifyInstance, request: FastifyRequest, tenantId: string, email: string): Promise<{ message: string }> {
  const started = Date.now();
  const address = email.trim().toLowerCase();
  await enforce(app, [
    { key: `portal-signin:ip:${request.ip}`, max: 20, windowMs: 15 * MINUTE },
    { key: `portal-signin:email:${tenantId}:${address}`, max: 5, windowMs: 60 * MINUTE },
  ]);
  await withTenant(tenantId, async () => {
    const customers = (await customersWithAddress(app.db, tenantId, address)).slice(0, MAX_CUSTOMERS_PER_ADDRESS);
    if (!customers.length) return;
    const origin = publicOrigin(app, request);
    await runTransaction(app.db, async (trx) => {
      for (const customerId of customers) {
        const link = await issueSignInLink(trx, { tenantId, origin }, customerId, address);
        await queueSignInEmail(trx, app, tenantId, customerId, address, link.url);
      }
    });
  });
  const wait = ANSWER_FLOOR_MS - (Date.now() - started);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return { message: PORTAL_MESSAGES.signInSent };
}
