import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, idParams } from '@fieldwork/domain/common/common.schemas';
import {
  createLocationBody,
  createTagBody,
  locationQuery,
  locationSchema,
  tagFilterQuery,
  tagSchema,
  updateTagBody,
  zoneBody,
  zoneSchema,
} from '@fieldwork/domain/company/lookups.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { allZones, createLocation, createTag, createZone, filterTags, findLocations, removeTag, removeZone, updateTag, updateZone } from './lookups.service.ts';

const itemsOf = <T extends z.ZodType>(item: T) => dataOf(z.object({ items: z.array(item) }));

export async function lookupsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tenantOf = (request: FastifyRequest) => requireAuth(request).viewer.tenantId;

  r.get(
    '/api/zones/get-all-zones',
    {
      preHandler: guard('lookups.read'),
      schema: { tags: ['zones'], summary: 'Every zone of the company, by name', response: { 200: itemsOf(zoneSchema) } },
    },
    async (request) => ({ data: { items: await allZones(app.db, tenantOf(request)) } }),
  );

  r.post(
    '/api/zones',
    {
      preHandler: guard('settings.manage'),
      schema: { tags: ['zones'], summary: 'Create a zone (names are unique, ignoring case)', body: zoneBody, response: { 201: dataOf(zoneSchema) } },
    },
    async (request, reply) => reply.status(201).send({ data: await createZone(app.db, tenantOf(request), request.body.name) }),
  );

  r.put(
    '/api/zones/:id',
    {
      preHandler: guard('settings.manage'),
      schema: { tags: ['zones'], summary: 'Rename a zone', params: idParams, body: zoneBody, response: { 200: dataOf(zoneSchema) } },
    },
    async (request) => ({ data: await updateZone(app.db, tenantOf(request), request.params.id, request.body.name) }),
  );

  r.delete(
    '/api/zones/:id',
    {
      preHandler: guard('settings.manage'),
      schema: { tags: ['zones'], summary: 'Delete a zone; users and subcontractors lose it', params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await removeZone(app.db, tenantOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/tags/filter-list',
    {
      preHandler: guard('lookups.read'),
      schema: { tags: ['tags'], summary: 'Tags of one type, optionally filtered by name', querystring: tagFilterQuery, response: { 200: itemsOf(tagSchema) } },
    },
    async (request) => ({ data: { items: await filterTags(app.db, tenantOf(request), request.query.type, request.query.search) } }),
  );

  r.post(
    '/api/tags',
    {
      preHandler: guard('settings.manage'),
      schema: {
        tags: ['tags'],
        summary: 'Create a SERVICE or ACCOUNT tag (names unique per type, ignoring case)',
        body: createTagBody,
        response: { 201: dataOf(tagSchema) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await createTag(app.db, tenantOf(request), request.body) }),
  );

  r.put(
    '/api/tags/:id',
    {
      preHandler: guard('settings.manage'),
      schema: { tags: ['tags'], summary: 'Rename a tag', params: idParams, body: updateTagBody, response: { 200: dataOf(tagSchema) } },
    },
    async (request) => ({ data: await updateTag(app.db, tenantOf(request), request.params.id, request.body.name) }),
  );

  r.delete(
    '/api/tags/:id',
    {
      preHandler: guard('settings.manage'),
      schema: { tags: ['tags'], summary: 'Delete a tag; records carrying it lose it', params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await removeTag(app.db, tenantOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/location',
    {
      preHandler: guard('lookups.read'),
      schema: {
        tags: ['locations'],
        summary: 'Location picker: supplier or user locations by flag; otherwise customer sites and all locations (at most 50)',
        querystring: locationQuery,
        response: { 200: itemsOf(locationSchema) },
      },
    },
    async (request) => ({ data: { items: await findLocations(app.db, tenantOf(request), request.query) } }),
  );

  r.post(
    '/api/location',
    {
      preHandler: guard('settings.manage'),
      schema: { tags: ['locations'], summary: 'Save a supplier or user location', body: createLocationBody, response: { 201: dataOf(locationSchema) } },
    },
    async (request, reply) => reply.status(201).send({ data: await createLocation(app.db, tenantOf(request), request.body) }),
  );
}
