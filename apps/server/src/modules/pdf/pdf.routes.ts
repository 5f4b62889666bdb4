import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@fieldwork/domain/common/common.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { estimatePdf, invoicePdf, type PdfCtx, type RenderedPdf } from './pdf.service.ts';

/**
 * Estimate and invoice PDFs (spec: "estimate and invoice PDF generation by id"). The 200 schema only
 * documents the binary body for the OpenAPI (`produces` names its type): Fastify sends a Buffer as it is,
 * without the serializer.
 */
export async function pdfRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): PdfCtx => {
    const auth = requireAuth(request);
    return { db: app.db, dialect: app.dialect, viewer: auth.viewer, timeZone: auth.timeZone, pdf: app.pdf };
  };
  const produces = ['application/pdf'];
  const response = { 200: z.string().meta({ format: 'binary', description: 'The PDF file (attachment)' }) };

  r.get(
    '/api/estimates/:id/pdf',
    {
      preHandler: guard('estimates.read'),
      schema: { tags: ['estimates'], summary: 'The estimate as a PDF (attachment Estimate-<number>.pdf)', params: idParams, produces, response },
    },
    async (request, reply) => sendPdf(reply, await estimatePdf(ctx(request), request.params.id)),
  );

  r.get(
    '/api/invoices/:id/pdf',
    {
      preHandler: guard('invoices.read'),
      schema: { tags: ['invoices'], summary: 'The invoice as a PDF (attachment Invoice-<number>.pdf)', params: idParams, produces, response },
    },
    async (request, reply) => sendPdf(reply, await invoicePdf(ctx(request), request.params.id)),
  );
}

function sendPdf(reply: FastifyReply, pdf: RenderedPdf): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(pdf.body);
}
