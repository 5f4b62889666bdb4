import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companySchema, LOGO_MAX_BYTES, updateCompanyBody } from '@fieldwork/domain/company/company.schemas';
import { dataOf } from '@fieldwork/domain/common/common.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { getCompany, updateCompany } from './company.service.ts';
import { getCompanyLogo, removeCompanyLogo, setCompanyLogo } from './company-logo.service.ts';

/** Registered as its own plugin, so the logo's multipart parser and limits stay here. */
export async function companyRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['company'];
  const one = dataOf(companySchema);
  r.get(
    '/api/company',
    {
      preHandler: guard('company.read'),
      schema: { tags, summary: "The signed-in user's company", response: { 200: one } },
    },
    async (request) => ({ data: await getCompany(app.db, requireAuth(request).viewer.tenantId) }),
  );

  r.put(
    '/api/company',
    {
      preHandler: guard('settings.manage'),
      schema: {
        tags,
        summary: "Change the company's name, time zone, contact details, brand colour or financing URL",
        body: updateCompanyBody,
        response: { 200: one },
      },
    },
    async (request) => ({ data: await updateCompany(app.db, requireAuth(request).viewer.tenantId, request.body) }),
  );

  r.get(
    '/api/company/logo',
    {
      preHandler: guard('company.read'),
      schema: { tags, summary: "The company's logo image, PNG or JPEG (404 without one)", produces: ['image/png', 'image/jpeg'] },
    },
    async (request, reply) => {
      const logo = await getCompanyLogo(app.db, requireAuth(request).viewer.tenantId);
      return reply
        .header('content-type', logo.contentType)
        .header('content-disposition', 'inline; filename="logo"')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .send(logo.data);
    },
  );

  r.put(
    '/api/company/logo',
    {
      preHandler: guard('settings.manage'),
      schema: {
        tags,
        summary: `Upload the company logo (multipart field "file": PNG or JPEG, at most ${LOGO_MAX_BYTES / 1024 / 1024} MB and 4,000,000 pixels)`,
        consumes: ['multipart/form-data'],
        response: { 200: one },
      },
    },
    async (request) => ({ data: await setCompanyLogo(app.db, requireAuth(request).viewer, request) }),
  );

  r.delete(
    '/api/company/logo',
    {
      preHandler: guard('settings.manage'),
      schema: { tags, summary: 'Remove the company logo', response: { 200: one } },
    },
    async (request) => ({ data: await removeCompanyLogo(app.db, requireAuth(request).viewer) }),
  );
}
