import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf, dataPage, idParams } from '@fieldwork/domain/common/common.schemas';
import { createLeadBody, leadListQuery, leadPhotoParams, leadSchema } from '@fieldwork/domain/customers/leads.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { createLead, getLead, getLeadPhoto, listLeadsPage } from './leads.service.ts';

const leadResponse = dataOf(leadSchema);

/** CRM leads: the minimal record jobs are created from. */
export async function leadsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['leads'];

  r.get(
    '/api/leads',
    {
      preHandler: guard('leads.read'),
      schema: {
        tags,
        summary: 'Leads, paged, newest first by default; search matches lead number or customer name',
        querystring: leadListQuery,
        response: { 200: dataPage(leadSchema) },
      },
    },
    async (request) => listLeadsPage(app.db, requireAuth(request).viewer.tenantId, request.query),
  );

  r.post(
    '/api/leads',
    {
      preHandler: guard('leads.write'),
      schema: { tags, summary: 'Create a lead for a customer', body: createLeadBody, response: { 201: leadResponse } },
    },
    async (request, reply) => reply.status(201).send({ data: await createLead(app.db, requireAuth(request).viewer, request.body) }),
  );

  r.get(
    '/api/leads/:id',
    {
      preHandler: guard('leads.read'),
      schema: { tags, summary: 'One lead with the newest job made from it', params: idParams, response: { 200: leadResponse } },
    },
    async (request) => ({ data: await getLead(app.db, requireAuth(request).viewer.tenantId, request.params.id) }),
  );

  r.get(
    '/api/leads/:id/photos/:fileId',
    {
      preHandler: guard('leads.read'),
      schema: {
        tags,
        summary: 'A photo the customer sent with the request for work',
        params: leadPhotoParams,
        produces: ['image/png', 'image/jpeg', 'image/webp'],
      },
    },
    async (request, reply) => {
      const photo = await getLeadPhoto(app.db, requireAuth(request).viewer.tenantId, request.params.id, request.params.fileId);
      return reply
        .header('content-type', photo.contentType)
        .header('content-disposition', 'inline; filename="photo"')
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(photo.data);
    },
  );
}
