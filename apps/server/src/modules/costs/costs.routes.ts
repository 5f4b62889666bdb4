import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, dataPage, idParams } from '@fieldwork/domain/common/common.schemas';
import {
  costAnalysisSchema,
  costDeleteQuery,
  costExportQuery,
  costExportSchema,
  costGetQuery,
  costListQuery,
  costSchema,
  costSuggestionsQuery,
  costSuggestionsSchema,
  createCostBody,
  updateCostBody,
} from '@fieldwork/domain/jobs/costs.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import type { CostCtx } from './costs-access.ts';
import { analyseJob, costSuggestions, exportCosts, getCost, listCostsPage } from './costs-read.service.ts';
import { createCost, deleteCost, updateCost } from './costs.service.ts';

const one = dataOf(costSchema);

/**
 * Costs. Guards let
 * in whoever may touch some cost; costs-access.ts narrows per task and per record.
 */
export async function costsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['costs'];
  const ctx = (request: FastifyRequest): CostCtx => ({ db: app.db, dialect: app.dialect, auth: requireAuth(request) });

  r.get(
    '/api/cost/get',
    {
      preHandler: guard('costs.task'),
      schema: { tags, summary: 'One cost by id (field users: only costs of their own tasks)', querystring: costGetQuery, response: { 200: one } },
    },
    async (request) => ({ data: await getCost(ctx(request), request.query.id) }),
  );

  r.get(
    '/api/cost/list',
    {
      preHandler: guard('costs.task'),
      schema: {
        tags,
        summary:
          'Costs, paged, by type, costFor, job, task, estimate, invoice and date range; jobId is dropped when estimateId is sent, empty values are dropped',
        querystring: costListQuery,
        response: { 200: dataPage(costSchema) },
      },
    },
    async (request) => listCostsPage(ctx(request), request.query),
  );

  r.get(
    '/api/cost/analysis/:id',
    {
      preHandler: guard('costs.read'),
      schema: {
        tags,
        summary: "A job's cost summary: count and total per category, estimated vs actual with variance, revenue and margin",
        params: idParams,
        response: { 200: dataOf(costAnalysisSchema) },
      },
    },
    async (request) => ({ data: await analyseJob(ctx(request), request.params.id) }),
  );

  r.get(
    '/api/cost/suggestions',
    {
      preHandler: guard('costs.task'),
      schema: {
        tags,
        summary: "Prefilled labor and vehicle lines from a task's finished work periods not yet added as costs",
        querystring: costSuggestionsQuery,
        response: { 200: dataOf(costSuggestionsSchema) },
      },
    },
    async (request) => ({ data: await costSuggestions(ctx(request), request.query.taskId) }),
  );

  r.get(
    '/api/cost',
    {
      preHandler: guard('costs.read'),
      schema: {
        tags,
        summary: 'Every cost of a job (or an estimate) with totals per category; format=csv answers a CSV file (the All costs export)',
        querystring: costExportQuery,
        response: { 200: dataOf(costExportSchema) },
      },
    },
    async (request, reply) => {
      const out = await exportCosts(ctx(request), request.query);
      if (out.csv !== undefined) {
        return sendCsv(reply, `costs-${request.query.estimateId ?? request.query.jobId ?? 'export'}.csv`, out.csv);
      }
      return out.json;
    },
  );

  r.post(
    '/api/cost',
    {
      config: { idempotent: true },
      preHandler: guard('costs.task'),
      schema: {
        tags,
        summary: 'Add a cost (amount computed by the server; a work period is costed once per person and vehicle)',
        body: createCostBody,
        response: { 201: one },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await createCost(ctx(request), request.body) }),
  );

  r.put(
    '/api/cost/:id',
    {
      preHandler: guard('costs.task'),
      schema: {
        tags,
        summary: 'Edit a cost at the version loaded (409 STALE_VERSION otherwise)',
        params: idParams,
        body: updateCostBody,
        response: { 200: one },
      },
    },
    async (request) => ({ data: await updateCost(ctx(request), request.params.id, request.body) }),
  );

  r.delete(
    '/api/cost/:id',
    {
      preHandler: guard('costs.task'),
      schema: {
        tags,
        summary: 'Delete a cost (costType, when sent, must be its type)',
        params: idParams,
        querystring: costDeleteQuery,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteCost(ctx(request), request.params.id, request.query.costType);
      return reply.status(204).send(null);
    },
  );
}

/** A Buffer is sent as it is: the JSON response schema's serializer never sees the CSV text. */
function sendCsv(reply: FastifyReply, fileName: string, csv: string): FastifyReply {
  return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(Buffer.from(csv, 'utf8'));
}
