/**
 * A fake Stripe on loopback for tests and the browser suite: the product's real `stripe` SDK talks HTTP to it
 * (STRIPE_API_URL), it answers the few endpoints the product calls as Stripe does (form-encoded requests, JSON
 * answers, Stripe's error shape, idempotency keys replaying the first answer), serves a minimal hosted checkout
 * page, and sends webhooks signed with the SDK's own test-header helper — so the product's signature check, event
 * parsing and idempotency are exercised exactly as against Stripe.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, unknown>;

export type FakeStripeAccount = { secretKey: string; webhookSecret: string; name: string; webhookUrl?: string };

export type FakeStripeEvent = { id: string; type: string; payload: string; header: string };

export type FakeCheckoutSession = {
  id: string;
  secretKey: string;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  customer_email: string | null;
  status: 'open' | 'complete';
  payment_intent: string | null;
  url: string;
};

type Payment = { intent: Json; charge: Json; secretKey: string };

export type FakeStripe = {
  url: string;
  addAccount: (account: FakeStripeAccount) => void;
  /** The key is revoked: Stripe answers 401 to it from now on. */
  removeAccount: (secretKey: string) => void;
  sessions: Map<string, FakeCheckoutSession>;
  /** Every API request received: method, path, idempotency key. */
  requests: { method: string; path: string; idempotencyKey: string | null; secretKey: string | null }[];
  /** The customer pays a session: a PaymentIntent and a charge (with Stripe's fee) exist and `checkout.session.completed` is built (and delivered when the account has a webhook URL). */
  pay: (sessionId: string, payerEmail?: string) => Promise<FakeStripeEvent>;
  /** Refunds `amountCents` more of a payment: `charge.refunded` carrying the cumulative amount refunded. */
  refund: (paymentIntentId: string, amountCents: number) => Promise<FakeStripeEvent>;
  /** Any event, signed for an account (or with another secret): for replays, unknown types and bad signatures. */
  event: (secretKey: string, type: string, object: Json, options?: { secret?: string; id?: string }) => FakeStripeEvent;
  close: () => Promise<void>;
};

const sdk = new Stripe('sk_test_signing_only');
/** Stripe's standard US card pricing: 2.9% + 30¢. */
const feeOf = (amount: number) => Math.round(amount * 0.029) + 30;
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding (`a[b][0][c]=v`) into nested objects; arrays stay objects keyed by index. */
function parseForm(body: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  return out;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const accounts = new Map<string, FakeStripeAccount>();
  const sessions = new Map<string, FakeCheckoutSession>();
  const payments = new Map<string, Payment>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  const requests: FakeStripe['requests'] = [];
  let base = '';

  const error = (res: ServerResponse, status: number, type: string, message: string) => send(res, status, { error: { type, message } });
  const send = (res: ServerResponse, status: number, body: Json) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(body));
  };

  const sessionObject = (s: FakeCheckoutSession): Json => ({
    id: s.id,
    object: 'checkout.session',
    mode: 'payment',
    amount_total: s.amount_total,
    currency: s.currency,
    metadata: s.metadata,
    success_url: s.success_url,
    cancel_url: s.cancel_url,
    customer_email: s.customer_email,
    customer_details: s.status === 'complete' ? { email: s.customer_email } : null,
    payment_intent: s.payment_intent,
    payment_status: s.status === 'complete' ? 'paid' : 'unpaid',
    status: s.status,
    url: s.status === 'open' ? s.url : null,
  });

  function event(secretKey: string, type: string, object: Json, options: { secret?: string; id?: string } = {}): FakeStripeEvent {
    const account = accounts.get(secretKey);
    const id = options.id ?? newId('evt');
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object },
    });
    const header = sdk.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? account?.webhookSecret ?? 'whsec_unknown' });
    return { id, type, payload, header };
  }

  async function deliver(secretKey: string, built: FakeStripeEvent): Promise<FakeStripeEvent> {
    const url = accounts.get(secretKey)?.webhookUrl;
    if (url) {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': built.header }, body: built.payload });
      if (!res.ok) throw new Error(`Webhook ${built.type} answered ${res.status}: ${await res.text()}`);
    }
    return built;
  }

  async function pay(sessionId: string, payerEmail?: string): Promise<FakeStripeEvent> {
    const s = sessions.get(sessionId);
    if (!s) throw new Error(`No checkout session ${sessionId}`);
    if (s.status === 'complete') throw new Error(`Checkout session ${sessionId} is already paid`);
    const intentId = newId('pi');
    const fee = feeOf(s.amount_total);
    const balance = { id: newId('txn'), object: 'balance_transaction', amount: s.amount_total, fee, net: s.amount_total - fee, currency: s.currency };
    const charge: Json = {
      id: newId('ch'),
      object: 'charge',
      created: Math.floor(Date.now() / 1000),
      amount: s.amount_total,
      amount_captured: s.amount_total,
      amount_refunded: 0,
      currency: s.currency,
      paid: true,
      status: 'succeeded',
      refunded: false,
      payment_intent: intentId,
      metadata: s.metadata,
      billing_details: { email: payerEmail ?? s.customer_email },
      balance_transaction: balance,
    };
    const intent: Json = {
      id: intentId,
      object: 'payment_intent',
      amount: s.amount_total,
      currency: s.currency,
      status: 'succeeded',
      metadata: s.metadata,
      latest_charge: charge,
    };
    payments.set(intentId, { intent, charge, secretKey: s.secretKey });
    s.status = 'complete';
    s.payment_intent = intentId;
    s.customer_email = payerEmail ?? s.customer_email;
    return deliver(s.secretKey, event(s.secretKey, 'checkout.session.completed', sessionObject(s)));
  }

  async function refund(paymentIntentId: string, amountCents: number): Promise<FakeStripeEvent> {
    const p = payments.get(paymentIntentId);
    if (!p) throw new Error(`No payment ${paymentIntentId}`);
    const refunded = (p.charge.amount_refunded as number) + amountCents;
    if (refunded > (p.charge.amount as number)) throw new Error('Refund exceeds the charge');
    Object.assign(p.charge, { amount_refunded: refunded, refunded: refunded === p.charge.amount });
    const { balance_transaction, ...charge } = p.charge;
    return deliver(p.secretKey, event(p.secretKey, 'charge.refunded', { ...charge, balance_transaction: (balance_transaction as Json).id }));
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL, body: string) {
    const auth = req.headers.authorization ?? '';
    const secretKey = auth.startsWith('Bearer ') ? auth.slice(7) : null;
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey, secretKey });
    if (!secretKey || !accounts.has(secretKey)) {
      const shown = secretKey ? `${secretKey.slice(0, 8)}${'*'.repeat(8)}${secretKey.slice(-4)}` : '';
      return error(res, 401, 'invalid_request_error', `Invalid API Key provided: ${shown}`);
    }
    const replayKey = idempotencyKey ? `${secretKey} ${idempotencyKey}` : null;
    if (replayKey && req.method === 'POST' && idempotent.has(replayKey)) {
      const first = idempotent.get(replayKey)!;
      return send(res, first.status, first.body);
    }
    const answer = (status: number, json: Json) => {
      if (replayKey && req.method === 'POST') idempotent.set(replayKey, { status, body: json });
      send(res, status, json);
    };
    const account = accounts.get(secretKey)!;
    if (req.method === 'GET' && url.pathname === '/v1/account') {
      return answer(200, { id: `acct_${secretKey.slice(-8)}`, object: 'account', business_profile: { name: account.name }, charges_enabled: true });
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const form = parseForm(body);
      const item = ((form.line_items as Json)?.['0'] ?? {}) as Json;
      const price = (item.price_data ?? {}) as Json;
      const amount = Number(price.unit_amount) * Number(item.quantity ?? 1);
      if (!Number.isInteger(amount) || amount < 50)
        return error(res, 400, 'invalid_request_error', "The Checkout Session's total amount due must add up to at least $0.50 usd");
      const id = newId('cs_test');
      const s: FakeCheckoutSession = {
        id,
        secretKey,
        amount_total: amount,
        currency: String(price.currency ?? 'usd'),
        metadata: ((form.payment_intent_data as Json)?.metadata ?? form.metadata ?? {}) as Record<string, string>,
        success_url: String(form.success_url),
        cancel_url: String(form.cancel_url),
        customer_email: (form.customer_email as string | undefined) ?? null,
        status: 'open',
        payment_intent: null,
        url: `${base}/checkout/${id}`,
      };
      sessions.set(id, s);
      return answer(200, sessionObject(s));
    }
    const intent = /^\/v1\/payment_intents\/([\w]+)$/.exec(url.pathname);
    if (req.method === 'GET' && intent) {
      const p = payments.get(intent[1]!);
      if (!p || p.secretKey !== secretKey) return error(res, 404, 'invalid_request_error', `No such payment_intent: '${intent[1]}'`);
      const expanded = [...url.searchParams.entries()].some(([k, v]) => k.startsWith('expand') && v === 'latest_charge.balance_transaction');
      const charge = expanded ? p.charge : { ...p.charge, balance_transaction: (p.charge.balance_transaction as Json).id };
      return answer(200, { ...p.intent, latest_charge: expanded ? charge : charge.id });
    }
    return error(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  }

  /** The hosted page a payer sees: an email field and a Pay button; paying sends the webhook, then returns to success_url. */
  async function checkoutPage(req: IncomingMessage, res: ServerResponse, url: URL, body: string) {
    const match = /^\/checkout\/([\w]+)(\/pay)?$/.exec(url.pathname);
    const s = match ? sessions.get(match[1]!) : undefined;
    if (!s) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('No such checkout');
      return;
    }
    if (req.method === 'POST' && match![2]) {
      const email = new URLSearchParams(body).get('email') || undefined;
      if (s.status === 'open') await pay(s.id, email);
      res.writeHead(303, { location: s.success_url }).end();
      return;
    }
    const amount = `$${(s.amount_total / 100).toFixed(2)}`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><meta name="viewport" content="width=device-width"><title>Fake Stripe Checkout</title></head>
<body style="font-family:sans-serif;max-width:24rem;margin:2rem auto;padding:0 1rem">
<h1>Fake Stripe Checkout</h1><p>Pay <strong>${amount}</strong></p>
<form method="post" action="/checkout/${s.id}/pay"><label>Email <input name="email" type="email" value="${s.customer_email ?? ''}"></label>
<p><label>Card number <input name="card" value="4242 4242 4242 4242"></label></p>
<button type="submit">Pay ${amount}</button></form><p><a href="${s.cancel_url}">Cancel</a></p></body></html>`);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      const body = Buffer.concat(chunks).toString('utf8');
      const handle = url.pathname.startsWith('/v1/') ? api(req, res, url, body) : checkoutPage(req, res, url, body);
      handle.catch((e: unknown) => {
        if (!res.headersSent) error(res, 500, 'api_error', e instanceof Error ? e.message : String(e));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    addAccount: (account) => accounts.set(account.secretKey, account),
    removeAccount: (secretKey) => accounts.delete(secretKey),
    sessions,
    requests,
    pay,
    refund,
    event,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
