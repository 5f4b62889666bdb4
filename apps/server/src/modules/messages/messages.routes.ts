import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, idParams } from '@fieldwork/domain/common/common.schemas';
import {
  deliverySchema,
  emailPreviewSchema,
  emailTemplateSchema,
  messageDetailSchema,
  messageListQuery,
  messageSchema,
  templateBody,
  templateKindParams,
} from '@fieldwork/domain/messages/messages.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { deliveryOverview, getMessage, listMessages, retryFailedJob, retryMessage } from './messages-read.service.ts';
import { listTemplates, previewTemplate, resetTemplate, saveTemplate } from './templates.service.ts';

/** What left the product: messages per record, the company's email wording, and Settings → Delivery. */
export async function messagesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];
  const viewer = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).viewer;

  r.get(
    '/api/messages',
    {
      preHandler: guard('messages.read'),
      schema: {
        tags,
        summary: 'What was emailed about one customer, job, estimate or invoice (newest first, at most 100)',
        querystring: messageListQuery,
        response: { 200: dataOf(z.object({ items: z.array(messageSchema) })) },
      },
    },
    async (request) => ({ data: { items: await listMessages(app.db, viewer(request), request.query) } }),
  );

  r.get(
    '/api/messages/:id',
    {
      preHandler: guard('messages.read'),
      schema: { tags, summary: 'One message as it was sent (one-time links masked)', params: idParams, response: { 200: dataOf(messageDetailSchema) } },
    },
    async (request) => ({ data: await getMessage(app.db, viewer(request), request.params.id) }),
  );

  r.post(
    '/api/messages/:id/retry',
    {
      preHandler: guard('messages.write'),
      schema: { tags, summary: 'Send a message again to the recipients it failed for', params: idParams, response: { 200: dataOf(messageSchema) } },
    },
    async (request) => ({ data: await retryMessage(app.db, viewer(request), request.params.id) }),
  );

  r.get(
    '/api/email-templates',
    {
      preHandler: guard('settings.manage'),
      schema: {
        tags,
        summary: "The company's subject and message for each kind of email, with the placeholders each may use",
        response: { 200: dataOf(z.object({ items: z.array(emailTemplateSchema) })) },
      },
    },
    async (request) => ({ data: { items: await listTemplates(app.db, viewer(request).tenantId) } }),
  );

  r.put(
    '/api/email-templates/:kind',
    {
      preHandler: guard('settings.manage'),
      schema: {
        tags,
        summary: 'Change the subject and message of one kind of email',
        params: templateKindParams,
        body: templateBody,
        response: { 200: dataOf(emailTemplateSchema) },
      },
    },
    async (request) => ({ data: await saveTemplate(app.db, viewer(request), request.params.kind, request.body) }),
  );

  r.delete(
    '/api/email-templates/:kind',
    {
      preHandler: guard('settings.manage'),
      schema: {
        tags,
        summary: "Go back to Fieldwork's wording for one kind of email",
        params: templateKindParams,
        response: { 200: dataOf(emailTemplateSchema) },
      },
    },
    async (request) => ({ data: await resetTemplate(app.db, viewer(request), request.params.kind) }),
  );

  r.post(
    '/api/email-templates/:kind/preview',
    {
      preHandler: guard('settings.manage'),
      schema: {
        tags,
        summary: 'The email as it would go out with this wording, filled with sample values',
        params: templateKindParams,
        body: templateBody,
        response: { 200: dataOf(emailPreviewSchema) },
      },
    },
    async (request) => ({ data: await previewTemplate(app.db, viewer(request).tenantId, request.params.kind, request.body) }),
  );

  r.get(
    '/api/delivery',
    {
      preHandler: guard('settings.manage'),
      schema: {
        tags,
        summary: 'Settings → Delivery: whether mail is configured, failed background jobs and recent messages',
        response: { 200: dataOf(deliverySchema) },
      },
    },
    async (request) => ({ data: await deliveryOverview(app, viewer(request)) }),
  );

  r.post(
    '/api/delivery/jobs/:id/retry',
    {
      preHandler: guard('settings.manage'),
      schema: { tags, summary: 'Run a failed background job again', params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await retryFailedJob(app.db, viewer(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
