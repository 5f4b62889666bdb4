import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf } from '@fieldwork/domain/common/common.schemas';
import { phoneField } from '@fieldwork/domain/common/common.schemas';
import { textMessageSchema, textSettingsBody, textSettingsSchema } from '@fieldwork/domain/texts/texts.schemas';
import { runTransaction } from '@fieldwork/db/transactions';
import { publicOrigin } from '../../lib/public-url.ts';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { findTenant } from '../account-core/company.repository.ts';
import { disconnectTexts, getTextSettings, saveTextSettings } from './text-settings.service.ts';
import type { TextsCtx } from './texts-context.ts';
import { queueText, recentTexts } from './texts.service.ts';
import { handleTwilioWebhook } from './twilio-webhook.service.ts';

// The company whose Auth Token checks the call: an address, not a record read under anyone's session.
const companyParams = z.strictObject({ company: z.string().max(64) });
const testTextBody = z.strictObject({ to: phoneField.min(1, { error: 'Phone is mandatory.' }) });

/** The company's Twilio connection, its recent texts, a test text, and Twilio's callbacks. */
export async function textsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['texts'];
  const ctx = (request: FastifyRequest): TextsCtx => ({
    ...app.texts,
    db: app.db,
    dialect: app.dialect,
    tenantId: requireAuth(request).viewer.tenantId,
    origin: publicOrigin(app, request),
  });

  r.get(
    '/api/company/texts',
    {
      preHandler: guard('settings.manage'),
      schema: {
        tags,
        summary: 'The company’s Twilio connection (the Auth Token shown by its last four characters)',
        response: { 200: dataOf(textSettingsSchema) },
      },
    },
    async (request) => ({ data: await getTextSettings(ctx(request)) }),
  );
  r.put(
    '/api/company/texts',
    {
      preHandler: guard('settings.manage'),
      schema: {
        tags,
        summary: 'Connect or update Twilio: credentials are checked against Twilio; leave the Auth Token out to keep it',
        body: textSettingsBody,
        response: { 200: dataOf(textSettingsSchema) },
      },
    },
    async (request) => ({ data: await saveTextSettings(ctx(request), request.body) }),
  );
  r.delete('/api/company/texts', { preHandler: guard('settings.manage'), schema: { tags, summary: 'Disconnect Twilio' } }, async (request, reply) => {
    await disconnectTexts(ctx(request));
    return reply.status(204).send();
  });
  r.get(
    '/api/company/texts/messages',
    {
      preHandler: guard('settings.manage'),
      schema: { tags, summary: 'The company’s latest 50 texts with their delivery state', response: { 200: dataOf(z.array(textMessageSchema)) } },
    },
    async (request) => ({ data: await recentTexts(app.db, requireAuth(request).viewer.tenantId, 50) }),
  );
  r.post(
    '/api/company/texts/test',
    {
      preHandler: guard('settings.manage'),
      schema: {
        tags,
        summary: 'Send a test text to a number',
        body: testTextBody,
        response: { 201: dataOf(textMessageSchema.pick({ id: true, status: true })) },
      },
    },
    async (request, reply) => {
      const c = ctx(request);
      const company = await findTenant(app.db, c.tenantId);
      const queued = await runTransaction(app.db, (trx) =>
        queueText(trx, c.tenantId, c.origin, {
          kind: 'test',
          to: request.body.to,
          body: `Test from ${company?.name ?? 'Fieldwork'}: texts are set up.`,
          createdBy: requireAuth(request).viewer.userId,
        }),
      );
      app.worker.poke();
      return reply.status(201).send({ data: queued });
    },
  );

  // Twilio posts form-encoded parameters and signs them: this scope reads the form as plain parameters.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    for (const kind of ['status', 'inbound'] as const) {
      scope.withTypeProvider<ZodTypeProvider>().post(
        `/api/webhooks/twilio/:company/${kind}`,
        {
          schema: {
            tags,
            summary: kind === 'status' ? 'Twilio delivery status callback (signed)' : 'Replies to the company’s number: STOP and START (signed)',
            params: companyParams,
          },
        },
        async (request, reply) => {
          const params = Object.fromEntries(new URLSearchParams(typeof request.body === 'string' ? request.body : ''));
          const signature = request.headers['x-twilio-signature'];
          await handleTwilioWebhook({ ...app.texts, db: app.db }, request.params.company, kind, {
            url: `${publicOrigin(app, request)}${request.url}`,
            params,
            signature: typeof signature === 'string' ? signature : undefined,
          });
          // An empty TwiML answer: no automatic reply beyond what Twilio itself sends for STOP and START.
          return reply.header('content-type', 'text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
        },
      );
    }
  });
}
