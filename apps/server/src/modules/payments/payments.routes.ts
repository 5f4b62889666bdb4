import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, idParams } from '@fieldwork/domain/common/common.schemas';
import { checkoutAnswer, payBody, paymentSettingsBody, paymentSettingsSchema, testCheckoutSchema } from '@fieldwork/domain/payments/payments.schemas';
import { publicOrigin } from '../../lib/public-url.ts';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { startInvoiceCheckout } from './checkout.service.ts';
import { disconnectPayments, getPaymentSettings, savePaymentSettings } from './payment-settings.service.ts';
import type { PaymentsCtx } from './payments-context.ts';
import { handleStripeWebhook } from './stripe-webhook.service.ts';
import { completeTestCheckout, getTestCheckout } from './test-checkout.service.ts';

// The company whose signing secret checks the event (its id, as the settings page shows the URL): an address,
// not a record read under anyone's session.
const companyParams = z.strictObject({ company: z.string().max(64) });
const testCheckoutParams = z.strictObject({ companyId: z.string().max(64), sessionId: z.string().regex(/^cs_test_fw_[0-9a-f]{48}$/, { error: 'Not found.' }) });

/** The company's Stripe connection, the office's "Take card payment", Stripe's webhooks and the demo's test checkout. */
export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  const deps = { ...app.payments, db: app.db, dialect: app.dialect };
  const ctx = (request: FastifyRequest): PaymentsCtx => ({ ...deps, tenantId: requireAuth(request).viewer.tenantId, origin: publicOrigin(app, request) });

  r.get(
    '/api/company/payments',
    {
      preHandler: guard('settings.manage'),
      schema: {
        tags,
        summary: 'The company’s Stripe connection (secrets shown by their last four characters)',
        response: { 200: dataOf(paymentSettingsSchema) },
      },
    },
    async (request) => ({ data: await getPaymentSettings(ctx(request)) }),
  );
  r.put(
    '/api/company/payments',
    {
      preHandler: guard('settings.manage'),
      schema: {
        tags,
        summary: 'Connect or update Stripe: a new secret key is checked against Stripe; leave a secret out to keep the stored one',
        body: paymentSettingsBody,
        response: { 200: dataOf(paymentSettingsSchema) },
      },
    },
    async (request) => ({ data: await savePaymentSettings(ctx(request), request.body) }),
  );
  r.delete(
    '/api/company/payments',
    { preHandler: guard('settings.manage'), schema: { tags, summary: 'Disconnect Stripe (payments already made stay recorded)' } },
    async (request, reply) => {
      await disconnectPayments(ctx(request));
      return reply.status(204).send();
    },
  );
  r.post(
    '/api/invoices/:id/checkout',
    {
      preHandler: guard('invoices.write'),
      schema: {
        tags,
        summary: 'Take card payment: a Stripe Checkout page for the balance (or a part, where allowed) to open on the customer’s or your phone',
        params: idParams,
        body: payBody,
        response: { 200: checkoutAnswer },
      },
    },
    async (request) => ({ data: await startInvoiceCheckout(ctx(request), request.params.id, request.body.amount, 'office', null) }),
  );

  // Stripe signs the exact bytes it sends: this route keeps the body raw, and nothing but the signature admits it.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/webhooks/stripe/:company',
      {
        schema: {
          tags,
          summary: 'Stripe webhook of one company, verified with its signing secret (400 when the signature does not match)',
          params: companyParams,
          response: { 200: z.object({ received: z.literal(true), handled: z.enum(['recorded', 'unchanged', 'duplicate', 'ignored']) }) },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        return handleStripeWebhook(deps, request.params.company, body, typeof signature === 'string' ? signature : undefined);
      },
    );
  });

  // The demo's test checkout exists only in the demo: elsewhere these routes are not there at all.
  if (!app.config.demo) return;
  r.get(
    '/api/portal/test-checkout/:companyId/:sessionId',
    { schema: { tags, summary: 'The demo’s test checkout (no money moves)', params: testCheckoutParams, response: { 200: dataOf(testCheckoutSchema) } } },
    async (request) => ({ data: await getTestCheckout(deps, request.params.companyId, request.params.sessionId) }),
  );
  r.post(
    '/api/portal/test-checkout/:companyId/:sessionId/complete',
    {
      schema: {
        tags,
        summary: 'Pay the demo’s test checkout: the signed event Stripe would send goes through the webhook handling',
        params: testCheckoutParams,
        response: { 200: checkoutAnswer },
      },
    },
    async (request) => ({ data: await completeTestCheckout(deps, request.params.companyId, request.params.sessionId) }),
  );
}
