import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogueItemSchema, catalogueListQuery, createCatalogueItemBody, updateCatalogueItemBody } from '@fieldwork/domain/billing/catalogue.schemas';
import { dataOf, dataPage, idParams } from '@fieldwork/domain/common/common.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { createCatalogueItem, deleteCatalogueItem, getCatalogueItem, listCatalogue, updateCatalogueItem } from './catalogue.service.ts';

const one = dataOf(catalogueItemSchema);

/** Products & services catalogue. */
export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalogue'];
  const tenantOf = (request: FastifyRequest) => requireAuth(request).viewer.tenantId;

  r.get(
    '/api/catalogue',
    {
      preHandler: guard('catalogue.read'),
      schema: {
        tags,
        summary: 'Products & services by name; search by name; status ACTIVE (default), INACTIVE or ALL',
        querystring: catalogueListQuery,
        response: { 200: dataPage(catalogueItemSchema) },
      },
    },
    async (request) => listCatalogue(app.db, tenantOf(request), request.query),
  );

  r.post(
    '/api/catalogue',
    {
      preHandler: guard('catalogue.write'),
      schema: { tags, summary: 'Create a product or service', body: createCatalogueItemBody, response: { 201: one } },
    },
    async (request, reply) => reply.status(201).send({ data: await createCatalogueItem(app.db, tenantOf(request), request.body) }),
  );

  r.get(
    '/api/catalogue/:id',
    {
      preHandler: guard('catalogue.read'),
      schema: { tags, summary: 'One product or service', params: idParams, response: { 200: one } },
    },
    async (request) => ({ data: await getCatalogueItem(app.db, tenantOf(request), request.params.id) }),
  );

  r.put(
    '/api/catalogue/:id',
    {
      preHandler: guard('catalogue.write'),
      schema: { tags, summary: 'Edit a product or service (send version)', params: idParams, body: updateCatalogueItemBody, response: { 200: one } },
    },
    async (request) => ({ data: await updateCatalogueItem(app.db, tenantOf(request), request.params.id, request.body) }),
  );

  r.delete(
    '/api/catalogue/:id',
    {
      preHandler: guard('catalogue.write'),
      schema: { tags, summary: 'Delete a product or service (lines keep their copy)', params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteCatalogueItem(app.db, tenantOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
