import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf, dataPage, idParams } from '@fieldwork/domain/common/common.schemas';
import {
  createSubcontractorBody,
  subcontractorListQuery,
  subcontractorSchema,
  updateSubcontractorBody,
} from '@fieldwork/domain/company/subcontractors.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { createSubcontractor, getSubcontractor, listSubcontractorsPage, updateSubcontractor } from './subcontractors.service.ts';

const subcontractorResponse = dataOf(subcontractorSchema);

export async function subcontractorsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['subcontractors'];

  r.get(
    '/api/subcontractors',
    {
      preHandler: guard('subcontractors.read'),
      schema: {
        tags,
        summary: 'Subcontractors, paged; search matches name, contact, email and phone; filter by SERVICE tags and zones',
        querystring: subcontractorListQuery,
        response: { 200: dataPage(subcontractorSchema) },
      },
    },
    async (request) => listSubcontractorsPage(app.db, requireAuth(request).viewer.tenantId, request.query),
  );

  r.post(
    '/api/subcontractors',
    {
      preHandler: guard('subcontractors.write'),
      schema: {
        tags,
        summary: 'Create a subcontractor, optionally linked to a SubContractor login',
        body: createSubcontractorBody,
        response: { 201: subcontractorResponse },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await createSubcontractor(app.db, requireAuth(request).viewer.tenantId, request.body) }),
  );

  r.get(
    '/api/subcontractors/:id',
    {
      preHandler: guard('subcontractors.read'),
      schema: { tags, summary: 'One subcontractor', params: idParams, response: { 200: subcontractorResponse } },
    },
    async (request) => ({ data: await getSubcontractor(app.db, requireAuth(request).viewer.tenantId, request.params.id) }),
  );

  r.put(
    '/api/subcontractors/:id',
    {
      preHandler: guard('subcontractors.write'),
      schema: {
        tags,
        summary: 'Edit a subcontractor (send version)',
        params: idParams,
        body: updateSubcontractorBody,
        response: { 200: subcontractorResponse },
      },
    },
    async (request) => ({ data: await updateSubcontractor(app.db, requireAuth(request).viewer.tenantId, request.params.id, request.body) }),
  );
}
