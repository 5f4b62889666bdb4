// Stripe webhook handling on the large tenant (target p95 ≤ 20 ms): each request is a new, correctly signed
// `checkout.session.completed` for one cent on one of 200 open invoices (round robin) — verify the signature,
// claim the event id, record the payment, apply it to the invoice under its row lock, queue the payer's receipt
// and the fee job, log the activity, all in one transaction — then the same event replayed (the duplicate
// answer). A stub answers Stripe's GET /v1/account (the company's key check on connecting) and GET
// /v1/payment_intents/{id} (the queued fee job's read, a settled charge): the bench needs no network.
// `measurePayments` is called by bench/run.mjs; `startStripeStub` gives the server its STRIPE_API_URL.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import Stripe from 'stripe';
import { fmtRow, measureRow, openSql } from './lib.mjs';

export const WEBHOOK_TARGET_P95 = 20;

const KEYS = { secretKey: 'sk_test_benchpayments0001', publishableKey: 'pk_test_benchpayments0001', webhookSecret: 'whsec_benchpayments0001' };
const signer = new Stripe('sk_test_signing_only');

// What Stripe answers for a settled one-cent card payment read with its charge's balance transaction expanded (the fee
// job's read): without it every fee job failed and went back to the queue, work a real deployment does not do.
const settledIntent = (id) => ({
  id,
  object: 'payment_intent',
  amount: 1,
  currency: 'usd',
  status: 'succeeded',
  latest_charge: {
    id: `ch_${id.slice(3)}`,
    object: 'charge',
    amount: 1,
    balance_transaction: { id: `txn_${id.slice(3)}`, object: 'balance_transaction', amount: 1, fee: 30, net: -29, currency: 'usd' },
  },
});

export async function startStripeStub() {
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://stub').pathname;
    const intent = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(path);
    const body = path === '/v1/account' ? { id: 'acct_bench', object: 'account' } : intent ? settledIntent(intent[1]) : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: { type: 'invalid_request_error', message: 'stub' } }));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((ok) => server.close(ok)) };
}

function signedEvent(tenantId, invoiceId) {
  const payload = JSON.stringify({
    id: `evt_bench_${randomBytes(10).toString('hex')}`,
    object: 'event',
    created: Math.floor(Date.now() / 1000),
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_bench_${randomBytes(10).toString('hex')}`,
        object: 'checkout.session',
        amount_total: 1,
        currency: 'usd',
        payment_status: 'paid',
        status: 'complete',
        payment_intent: `pi_bench_${randomBytes(10).toString('hex')}`,
        metadata: { fieldworkCompanyId: tenantId, invoiceId },
        customer_details: { email: 'payer@bench.test' },
      },
    },
  });
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret: KEYS.webhookSecret }) };
}

export async function measurePayments({ base, cookie, env, tenantId, seconds, log = console.log }) {
  const connect = await fetch(base + '/api/company/payments', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ provider: 'stripe', ...KEYS, allowPartial: true }),
  });
  if (!connect.ok) throw new Error(`connect Stripe: ${connect.status} ${await connect.text()}`);
  const sql = await openSql(env);
  const invoices = (
    await sql.all(`select id from invoices where tenant_id = ? and status = 'SENT' and total_cents - paid_cents > 10000 order by id limit 200`, [tenantId])
  ).map((r) => r.id);
  await sql.close();
  const path = `/api/webhooks/stripe/${tenantId}`;
  let i = 0;
  const fresh = {
    method: 'POST',
    setupRequest: (req) => {
      const event = signedEvent(tenantId, invoices[i++ % invoices.length]);
      return { ...req, body: event.payload, headers: { ...req.headers, 'content-type': 'application/json', 'stripe-signature': event.signature } };
    },
  };
  const replay = signedEvent(tenantId, invoices[0]);
  const rows = [];
  for (const [name, request] of [
    [`webhook: a new card payment recorded (${invoices.length} invoices)`, fresh],
    [
      'webhook: the same event replayed (duplicate)',
      { method: 'POST', body: replay.payload, headers: { 'content-type': 'application/json', 'stripe-signature': replay.signature } },
    ],
  ]) {
    rows.push(
      await measureRow({
        name,
        target: WEBHOOK_TARGET_P95,
        opts: { url: base + path, duration: seconds, requests: [request] },
        request: { path, method: 'POST' },
      }),
    );
    log(fmtRow(rows.at(-1)));
  }
  return rows;
}

// `node bench/payments.mjs`: these rows alone, on the cached large tenant (SQLite; seeded and cached on first use).
if (import.meta.filename === process.argv[1]) {
  const { openLargeTenant } = await import('./large-tenant.mjs');
  const { benchLogin, startServer } = await import('./lib.mjs');
  const { loadavg } = await import('node:os');
  const dialect = process.env.BENCH_DIALECT ?? 'sqlite';
  const tenant = await openLargeTenant(dialect);
  console.log(`[payments] ${dialect}: ${tenant.seeding}; load average ${loadavg()[0].toFixed(1)}`);
  const sql = await openSql(tenant.env);
  const tenantId = (await sql.get("select id from tenants where name = 'Bench Co'")).id;
  await sql.close();
  const stub = await startStripeStub();
  const server = await startServer(tenant.env, { STRIPE_API_URL: stub.url });
  try {
    await measurePayments({
      base: server.base,
      cookie: await benchLogin(server.base),
      env: tenant.env,
      tenantId,
      seconds: Number(process.env.BENCH_SECONDS ?? 5),
    });
  } finally {
    await server.stop();
    await stub.close();
    await tenant.cleanup?.();
  }
  console.log(`[payments] load average after ${loadavg()[0].toFixed(1)}`);
}
