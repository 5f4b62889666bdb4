import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createSecretBox, loadServerKeys, type SecretBox } from './lib/secret-box.ts';
import { createMailTransport, type MailTransport } from './modules/mail/mail-transport.ts';
import { createEmailSendHandler } from './modules/messages/email-send.handler.ts';
import { estimatePdf, invoicePdf } from './modules/pdf/pdf.service.ts';
import { createBackgroundWorker, type BackgroundWorker, type JobHandlers } from './modules/background/background-worker.ts';
import type { BackgroundJobKind } from './modules/background/background.service.ts';
import { createPaymentFeeHandler } from './modules/payments/payment-fee.handler.ts';
import type { PaymentsDeps } from './modules/payments/payments-context.ts';
import { createStripeGateway } from './modules/payments/stripe-gateway.ts';
import { createTextSendHandler } from './modules/texts/text-send.handler.ts';
import type { TextsDeps } from './modules/texts/texts-context.ts';
import { createTwilioGateway } from './modules/texts/twilio-gateway.ts';
import { createVisitNoticeHandler } from './modules/visit-notices/visit-notice.handler.ts';
import { createPlanGenerateHandler } from './modules/plans/plan-generate.handler.ts';
import { createPlanInvoiceHandler } from './modules/plans/plan-invoice.handler.ts';
import { createPlanRenewalHandler } from './modules/plans/plan-renewal.service.ts';
import { publicOrigin } from './lib/public-url.ts';
import { trackRequestsInFlight } from './ops/requests-in-flight.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    worker: BackgroundWorker;
    /** Seals and opens stored secrets under the server key. */
    secrets: SecretBox;
    /** null without SMTP_URL. */
    mail: MailTransport | null;
    /** Stripe, through each company's own keys (modules/payments). */
    payments: PaymentsDeps;
    /** Twilio, through each company's own account (modules/texts). */
    texts: TextsDeps;
  }
}

/**
 * The outbox worker of this process, with a handler for every job kind (a kind without one fails the type
 * check), started once the server listens and stopped first when it closes: it claims nothing more and lets the
 * jobs it runs finish, within the shutdown timeout.
 */
export async function backgroundPlugin(app: FastifyInstance): Promise<void> {
  const secrets = createSecretBox(
    loadServerKeys({ secretKey: app.config.secretKey, previousSecretKey: app.config.previousSecretKey, dataDir: app.config.dataDir }),
  );
  const mail = createMailTransport(app.config.mail);
  app.decorate('secrets', secrets);
  app.decorate('mail', mail);
  const payments: PaymentsDeps = {
    gateway: createStripeGateway(app.config.stripeApiUrl),
    box: secrets,
    demo: app.config.demo,
    testWebhookSecret: `whsec_${randomBytes(24).toString('hex')}`,
  };
  app.decorate('payments', payments);
  const texts: TextsDeps = { gateway: createTwilioGateway(app.config.twilioApiUrl), box: secrets };
  app.decorate('texts', texts);
  const planDeps = { box: secrets, origin: () => publicOrigin(app), demoPayments: app.config.demo };
  const handlers = {
    'email.send': createEmailSendHandler({
      transport: mail,
      fromAddress: app.config.mail.from,
      box: secrets,
      documentPdf: (kind, ctx, id) => (kind === 'estimate' ? estimatePdf : invoicePdf)({ ...ctx, pdf: app.pdf }, id),
    }),
    'payment.fee': createPaymentFeeHandler(payments),
    'text.send': createTextSendHandler(texts),
    'visit.notice': createVisitNoticeHandler({ box: secrets, origin: () => publicOrigin(app) }),
    'plans.generate': createPlanGenerateHandler(planDeps),
    'plans.invoice': createPlanInvoiceHandler(planDeps),
    'plans.renewal': createPlanRenewalHandler(planDeps),
  } satisfies Record<BackgroundJobKind, JobHandlers[string]>;
  const worker = createBackgroundWorker(
    app.db,
    app.dialect,
    handlers,
    app.config.background,
    (msg, extra) => app.log.warn(extra ?? {}, msg),
    app.metrics?.observeJob,
    trackRequestsInFlight(app),
  );
  app.decorate('worker', worker);
  app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', async () => {
    await worker.stop(10_000);
    mail?.close();
  });
}
