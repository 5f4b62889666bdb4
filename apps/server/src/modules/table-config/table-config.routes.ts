import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf } from '@fieldwork/domain/common/common.schemas';
import { saveTableConfigBody, tableConfigSchema, tableConfigTypeQuery } from '@fieldwork/domain/common/table-config.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { getTableConfig, saveTableConfig } from './table-config.service.ts';

const configResponse = dataOf(tableConfigSchema);

/** Each user's own column choices per table (type JOBS for the job list). */
export async function tableConfigRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['table-configuration'];

  r.get(
    '/api/table-configuration',
    {
      preHandler: guard('tableConfig.self'),
      schema: {
        tags,
        summary: 'Own column configuration of a table (the default when never saved)',
        querystring: tableConfigTypeQuery,
        response: { 200: configResponse },
      },
    },
    async (request) => ({ data: await getTableConfig(app.db, requireAuth(request).viewer, request.query.type) }),
  );

  r.put(
    '/api/table-configuration',
    {
      preHandler: guard('tableConfig.self'),
      schema: {
        tags,
        summary: 'Save own column configuration of a table (order and toggles; fixed columns stay on)',
        body: saveTableConfigBody,
        response: { 200: configResponse },
      },
    },
    async (request) => ({ data: await saveTableConfig(app.db, requireAuth(request).viewer, request.body) }),
  );
}
