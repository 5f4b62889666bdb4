import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assetDistributionSchema,
  assetListQuery,
  assetListResponse,
  assetResponse,
  createAssetBody,
  updateAssetBody,
} from '@fieldwork/domain/customers/assets.schemas';
import { idParams } from '@fieldwork/domain/common/common.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { assetDistribution, createAsset, deleteAsset, listAssetsPage, updateAsset } from './assets.service.ts';

/** Customer-site assets and the dashboard's distribution of them. */
export async function assetsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['assets'];
  const ctxOf = (request: FastifyRequest) => {
    const auth = requireAuth(request);
    return { db: app.db, viewer: auth.viewer, timeZone: auth.timeZone };
  };

  r.get(
    '/api/assets',
    {
      preHandler: guard('assets.read'),
      schema: {
        tags,
        summary: "Assets by customer, site address or job (the job's site); technicians only for a job or site they have a task at",
        querystring: assetListQuery,
        response: { 200: assetListResponse },
      },
    },
    async (request) => listAssetsPage(ctxOf(request), request.query),
  );

  r.post(
    '/api/assets',
    {
      preHandler: guard('assets.write'),
      schema: { tags, summary: "Record equipment at one of a customer's site addresses", body: createAssetBody, response: { 201: assetResponse } },
    },
    async (request, reply) => reply.status(201).send({ data: await createAsset(ctxOf(request), request.body) }),
  );

  r.put(
    '/api/assets/:id',
    {
      preHandler: guard('assets.write'),
      schema: { tags, summary: 'Edit an asset (send version; 409 when stale)', params: idParams, body: updateAssetBody, response: { 200: assetResponse } },
    },
    async (request) => ({ data: await updateAsset(ctxOf(request), request.params.id, request.body) }),
  );

  r.delete(
    '/api/assets/:id',
    {
      preHandler: guard('assets.write'),
      schema: { tags, summary: 'Delete an asset', params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteAsset(app.db, requireAuth(request).viewer.tenantId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/dashboard/asset-distribution',
    {
      preHandler: guard('dashboard.read'),
      schema: {
        tags: ['dashboard'],
        summary: "Assets by type and age band (<5y, 5–10y, 10–15y, 15y+, unknown) as of the company's today",
        response: { 200: assetDistributionSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return assetDistribution(app.db, auth.viewer.tenantId, auth.timeZone);
    },
  );
}
