import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, idParams } from '@fieldwork/domain/common/common.schemas';
import {
  portalApproveBody,
  portalChangesBody,
  portalCompanySchema,
  portalDeclineBody,
  portalEstimateSchema,
  portalHubSchema,
  portalInvoiceSchema,
  portalMeSchema,
  portalSessionAnswer,
  portalSessionBody,
  portalSignInBody,
  portalWorkRequestBody,
  publicWorkRequestBody,
} from '@fieldwork/domain/portal/portal.schemas';
import { WORK_REQUEST_MAX_PHOTOS } from '@fieldwork/domain/portal/work-request-photos.rules';
import type { RenderedPdf } from '../pdf/pdf.service.ts';
import { checkoutAnswer, payBody } from '@fieldwork/domain/payments/payments.schemas';
import { publicOrigin } from '../../lib/public-url.ts';
import { startDepositCheckout, startInvoiceCheckout } from '../payments/checkout.service.ts';
import { answerEstimate, getPortalEstimate, getPortalInvoice, portalEstimatePdf, portalInvoicePdf, type AnswerInput } from './portal-documents.service.ts';
import {
  getPortalCompany,
  getPortalHub,
  getPortalMe,
  portalLogo,
  requestWorkPublic,
  requestWorkSignedIn,
  requireCompany,
  visitTechnicianImage,
} from './portal-hub.service.ts';
import { refuseSpentAddress, requestSignInLink } from './portal-access.service.ts';
import { readWorkRequestPhotos, WORK_REQUEST_MULTIPART_LIMITS } from './work-request-photos.ts';
import { endPortalSession, exchangePortalToken, portalGuard, requirePortalViewer, type PortalViewer } from './portal-session.service.ts';

const slugParams = z.strictObject({ slug: z.string().regex(/^[a-z0-9-]{1,60}$/, { error: 'Not found.' }) });
const messageAnswer = dataOf(z.object({ message: z.string() }));
const pdfResponse = { 200: z.string().meta({ format: 'binary', description: 'The PDF file (attachment)' }) };

function sendPdf(reply: FastifyReply, pdf: RenderedPdf): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
    .header('cache-control', 'no-store')
    .send(pdf.body);
}

const sendImage = (reply: FastifyReply, image: { data: Buffer; contentType: string }) =>
  reply.header('content-type', image.contentType).header('cache-control', 'private, max-age=300').header('x-content-type-options', 'nosniff').send(image.data);

/**
 * The customer portal's API. Public routes need nothing but the company's portal address or a link's token;
 * every other route needs the portal's own session (one customer of one company) and reads only that customer's
 * records — another customer's id answers exactly as a missing one.
 */
export async function portalRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['portal'];
  const signedIn = portalGuard(app);
  app.decorateRequest('portal', null);
  app.decorateRequest('workRequestPhotos', null);
  await app.register(multipart, { limits: WORK_REQUEST_MULTIPART_LIMITS });
  const photosNote = ` As JSON, or as multipart/form-data with the same fields and up to ${WORK_REQUEST_MAX_PHOTOS} photos (field "photos": PNG, JPEG or WebP).`;

  r.get(
    '/api/portal/companies/:slug',
    {
      schema: {
        tags,
        summary: "A company's public portal page: its name, logo and contact lines",
        params: slugParams,
        response: { 200: dataOf(portalCompanySchema) },
      },
    },
    async (request) => ({ data: await getPortalCompany(app.db, request.params.slug) }),
  );
  r.get(
    '/api/portal/companies/:slug/logo',
    { schema: { tags, summary: "The company's logo on its portal page", params: slugParams, produces: ['image/png', 'image/jpeg'] } },
    async (request, reply) => sendImage(reply, await portalLogo(app.db, request.params.slug)),
  );
  r.post(
    '/api/portal/companies/:slug/sign-in-link',
    {
      schema: {
        tags,
        summary: "Email a sign-in link to this address if it is one of the company's customers' (the same answer for any address; rate-limited)",
        params: slugParams,
        body: portalSignInBody,
        response: { 202: messageAnswer },
      },
    },
    async (request, reply) => {
      const company = await requireCompany(app.db, request.params.slug);
      return reply.status(202).send({ data: await requestSignInLink(app, request, company.id, request.body.email) });
    },
  );
  r.post(
    '/api/portal/companies/:slug/work-requests',
    {
      schema: {
        tags,
        summary: 'Ask the company for work (a new lead in its CRM list; rate-limited).' + photosNote,
        params: slugParams,
        consumes: ['application/json', 'multipart/form-data'],
        body: publicWorkRequestBody,
        response: { 201: messageAnswer },
      },
      preValidation: async (request) => {
        await refuseSpentAddress(app, request);
        await readWorkRequestPhotos(request);
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await requestWorkPublic(app, request, request.params.slug, request.body, request.workRequestPhotos ?? []) }),
  );
  r.post(
    '/api/portal/session',
    {
      schema: {
        tags,
        summary: "Exchange a link's token for a customer session (the portal's own cookie); 410 when the link expired or was withdrawn",
        body: portalSessionBody,
        response: { 200: dataOf(portalSessionAnswer) },
      },
    },
    async (request, reply) => ({ data: await exchangePortalToken(app, request, reply, request.body.token) }),
  );

  r.delete('/api/portal/session', { preHandler: signedIn, schema: { tags, summary: 'Sign the customer out' } }, async (request, reply) => {
    await endPortalSession(app, request, reply);
    return reply.status(204).send();
  });
  r.get(
    '/api/portal/me',
    { preHandler: signedIn, schema: { tags, summary: 'The signed-in customer, their company and addresses', response: { 200: dataOf(portalMeSchema) } } },
    async (request) => ({ data: await getPortalMe(app.db, requirePortalViewer(request)) }),
  );
  r.get(
    '/api/portal/hub',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "The customer's open and approved estimates, invoices, visits to come and past jobs",
        response: { 200: dataOf(portalHubSchema) },
      },
    },
    async (request) => ({ data: await getPortalHub(app.db, requirePortalViewer(request)) }),
  );
  r.get(
    '/api/portal/visits/:id/technician-photo',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "The photo of the technician coming to one of the customer's visits",
        params: idParams,
        produces: ['image/png', 'image/jpeg', 'image/webp'],
      },
    },
    async (request, reply) => sendImage(reply, await visitTechnicianImage(app.db, requirePortalViewer(request), request.params.id)),
  );
  r.get(
    '/api/portal/estimates/:id',
    { preHandler: signedIn, schema: { tags, summary: 'One of the customer’s estimates', params: idParams, response: { 200: dataOf(portalEstimateSchema) } } },
    async (request) => ({ data: await getPortalEstimate(app.db, requirePortalViewer(request), request.params.id, app.config.demo) }),
  );
  r.get(
    '/api/portal/estimates/:id/pdf',
    { preHandler: signedIn, schema: { tags, summary: 'The estimate as a PDF', params: idParams, produces: ['application/pdf'], response: pdfResponse } },
    async (request, reply) => sendPdf(reply, await portalEstimatePdf(app, requirePortalViewer(request), request.params.id)),
  );
  const answerRoute = <B extends z.ZodType>(path: string, summary: string, body: B, input: (body: z.infer<B>) => AnswerInput) =>
    r.post(
      `/api/portal/estimates/:id/${path}`,
      { preHandler: signedIn, schema: { tags, summary, params: idParams, body, response: { 200: dataOf(portalEstimateSchema) } } },
      async (request) => {
        const key = request.headers['idempotency-key'];
        const meta = {
          ip: request.ip ?? null,
          userAgent: request.headers['user-agent'] ?? null,
          requestKey: typeof key === 'string' ? key.slice(0, 100) : null,
        };
        return { data: await answerEstimate(app, requirePortalViewer(request), request.params.id, input(request.body as z.infer<B>), meta) };
      },
    );
  answerRoute(
    'approve',
    'Approve with a typed name, a drawn or typed signature and the terms accepted (an Idempotency-Key makes a retry safe)',
    portalApproveBody,
    (body) => ({
      answer: 'approve',
      body,
    }),
  );
  answerRoute('decline', 'Decline, with an optional reason', portalDeclineBody, (body) => ({ answer: 'decline', body }));
  answerRoute('request-changes', 'Ask for changes (a comment is required)', portalChangesBody, (body) => ({ answer: 'requestChanges', body }));
  r.get(
    '/api/portal/invoices/:id',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'One of the customer’s invoices, with payments and the balance',
        params: idParams,
        response: { 200: dataOf(portalInvoiceSchema) },
      },
    },
    async (request) => ({ data: await getPortalInvoice(app.db, requirePortalViewer(request), request.params.id, app.config.demo) }),
  );
  // Pay opens a checkout only for a document this customer can read (another customer's id is a 404 here too).
  const payCtx = (viewer: PortalViewer, request: FastifyRequest) => ({
    ...app.payments,
    db: app.db,
    dialect: app.dialect,
    tenantId: viewer.tenantId,
    origin: publicOrigin(app, request),
  });
  r.post(
    '/api/portal/invoices/:id/pay',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'Pay the invoice by card: the balance, or a part where the company allows it',
        params: idParams,
        body: payBody,
        response: { 200: checkoutAnswer },
      },
    },
    async (request) => {
      const viewer = requirePortalViewer(request);
      await getPortalInvoice(app.db, viewer, request.params.id, app.config.demo);
      return { data: await startInvoiceCheckout(payCtx(viewer, request), request.params.id, request.body.amount, 'portal', viewer.email) };
    },
  );
  r.post(
    '/api/portal/estimates/:id/pay-deposit',
    { preHandler: signedIn, schema: { tags, summary: 'Pay the approved estimate’s deposit by card', params: idParams, response: { 200: checkoutAnswer } } },
    async (request) => {
      const viewer = requirePortalViewer(request);
      await getPortalEstimate(app.db, viewer, request.params.id, app.config.demo);
      return { data: await startDepositCheckout(payCtx(viewer, request), request.params.id, viewer.email) };
    },
  );
  r.get(
    '/api/portal/invoices/:id/pdf',
    { preHandler: signedIn, schema: { tags, summary: 'The invoice as a PDF', params: idParams, produces: ['application/pdf'], response: pdfResponse } },
    async (request, reply) => sendPdf(reply, await portalInvoicePdf(app, requirePortalViewer(request), request.params.id)),
  );
  r.post(
    '/api/portal/work-requests',
    {
      // An upload is signed in before its photos are read, so a stranger's bytes are refused unread; JSON keeps
      // the usual order (its body is validated first, then the guard runs as on every signed-in route).
      preValidation: async (request) => {
        if (request.isMultipart()) await signedIn(request);
        await readWorkRequestPhotos(request);
      },
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'Ask for work at one of the customer’s addresses or a new one.' + photosNote,
        consumes: ['application/json', 'multipart/form-data'],
        body: portalWorkRequestBody,
        response: { 201: messageAnswer },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await requestWorkSignedIn(app, requirePortalViewer(request), request.body, request.workRequestPhotos ?? []) }),
  );
}
