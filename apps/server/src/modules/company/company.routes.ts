import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companySchema, updateCompanyBody } from '@fieldwork/domain/company.schemas';
import { dataOf } from '@fieldwork/domain/common.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { getCompany, updateCompany } from './company.service.ts';

export async function companyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/company', {
    preHandler: guard('company.read'),
    schema: { tags: ['company'], summary: 'The signed-in user\'s company', response: { 200: dataOf(companySchema) } },
  }, async (request) => ({ data: await getCompany(app.db, requireAuth(request).viewer.tenantId) }));

  r.put('/api/company', {
    preHandler: guard('settings.manage'),
    schema: { tags: ['company'], summary: 'Rename the company or change its time zone', body: updateCompanyBody, response: { 200: dataOf(companySchema) } },
  }, async (request) => ({ data: await updateCompany(app.db, requireAuth(request).viewer.tenantId, request.body) }));
}
