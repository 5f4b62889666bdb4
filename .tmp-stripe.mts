import { startFakeStripe } from './packages/testing/src/stripe-test-server.ts';
import { createStripeGateway } from './apps/server/src/modules/payments/stripe-gateway.ts';
const fake = await startFakeStripe();
fake.addAccount({ secretKey: 'sk_test_abc123', webhookSecret: 'whsec_abc', name: 'Acme' });
const gw = createStripeGateway(fake.url);
await gw.checkKey('sk_test_abc123');
try { await gw.checkKey('sk_test_nope'); } catch (e) { console.log('refused:', (e as Error).message); }
const s = await gw.createCheckout('sk_test_abc123', { amountCents: 12345, currency: 'usd', description: 'Invoice #1', payerEmail: 'a@b.c', successUrl: 'http://x/ok', cancelUrl: 'http://x/no', metadata: { tenantId: 't1', invoiceId: 'i1' } }, 'key-1');
const s2 = await gw.createCheckout('sk_test_abc123', { amountCents: 12345, currency: 'usd', description: 'Invoice #1', payerEmail: 'a@b.c', successUrl: 'http://x/ok', cancelUrl: 'http://x/no', metadata: { tenantId: 't1', invoiceId: 'i1' } }, 'key-1');
console.log(s, s.id === s2.id, fake.sessions.get(s.id)?.metadata);
const ev = await fake.pay(s.id);
const parsed = gw.verifyEvent(Buffer.from(ev.payload), ev.header, 'whsec_abc');
console.log(parsed.type, (parsed.data.object as any).payment_intent);
try { gw.verifyEvent(Buffer.from(ev.payload), ev.header, 'whsec_other'); } catch (e) { console.log('bad sig:', (e as Error).constructor.name); }
console.log(await gw.feeOf('sk_test_abc123', (parsed.data.object as any).payment_intent));
const r = await fake.refund((parsed.data.object as any).payment_intent, 1000);
console.log(JSON.parse(r.payload).data.object.amount_refunded);
console.log(fake.requests);
await fake.close();
