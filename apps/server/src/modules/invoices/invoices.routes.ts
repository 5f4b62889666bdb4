import { publicOrigin } from '../../lib/public-url.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailDraftSchema, sendDocumentBody } from '@fieldwork/domain/messages/messages.schemas';
import { dataOf, dataPage, idParams } from '@fieldwork/domain/common/common.schemas';
import { LINK_MESSAGES } from '@fieldwork/domain/billing/estimates.rules';
import {
  createInvoiceBody,
  invoiceListItemSchema,
  invoiceListQuery,
  invoiceSchema,
  linkInvoiceBody,
  paymentBody,
  updateInvoiceBody,
} from '@fieldwork/domain/billing/invoices.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { linkToJob } from '../billing/link.service.ts';
import {
  createInvoice,
  deleteInvoice,
  draftFromInvoice,
  getInvoice,
  invoiceEmailDraft,
  listInvoicesPage,
  recordPayment,
  sendInvoice,
  updateInvoice,
  voidInvoice,
  type Ctx,
} from './invoices.service.ts';

const one = dataOf(invoiceSchema);

/** Invoices and their payments. */
export async function invoicesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invoices'];
  const ctx = (request: FastifyRequest): Ctx => {
    const auth = requireAuth(request);
    return {
      db: app.db,
      dialect: app.dialect,
      viewer: auth.viewer,
      timeZone: auth.timeZone,
      box: app.secrets,
      origin: publicOrigin(app, request),
      demoPayments: app.config.demo,
    };
  };

  r.get(
    '/api/invoices',
    {
      preHandler: guard('invoices.read'),
      schema: {
        tags,
        summary:
          'Invoices, 10 a page; search by number, sort, filter by status and created-on preset (tenant zone); unlinked=true for the link panel; overdue=true for SENT invoices due before today (tenant zone), as the dashboard counts them',
        querystring: invoiceListQuery,
        response: { 200: dataPage(invoiceListItemSchema) },
      },
    },
    async (request) => listInvoicesPage(ctx(request), request.query),
  );

  r.post(
    '/api/invoices',
    {
      preHandler: guard('invoices.write'),
      schema: { tags, summary: 'Create an invoice (mode Draft or Send); totals are computed by the server', body: createInvoiceBody, response: { 201: one } },
    },
    async (request, reply) => reply.status(201).send({ data: await createInvoice(ctx(request), request.body) }),
  );

  r.post(
    '/api/invoices/link',
    {
      preHandler: guard('invoices.write'),
      schema: {
        tags,
        summary: 'Link a loose invoice to a job (permanent; 409 when already linked)',
        body: linkInvoiceBody,
        response: { 200: z.object({ data: z.object({ id: z.string(), jobId: z.string(), jobNumber: z.number() }), message: z.string() }) },
      },
    },
    async (request) => {
      const data = await linkToJob(ctx(request), 'invoice', request.body.invoiceId, request.body.jobId);
      return { data, message: LINK_MESSAGES.successDetail(data.jobNumber) };
    },
  );

  r.get(
    '/api/invoices/:id',
    {
      preHandler: guard('invoices.read'),
      schema: { tags, summary: 'One invoice with lines, payments and (office) margins', params: idParams, response: { 200: one } },
    },
    async (request) => ({ data: await getInvoice(ctx(request), request.params.id) }),
  );

  r.put(
    '/api/invoices/:id',
    {
      preHandler: guard('invoices.write'),
      schema: {
        tags,
        summary: 'Edit a draft invoice (send version; 409 STALE_VERSION when stale)',
        params: idParams,
        body: updateInvoiceBody,
        response: { 200: one },
      },
    },
    async (request) => ({ data: await updateInvoice(ctx(request), request.params.id, request.body) }),
  );

  r.delete(
    '/api/invoices/:id',
    {
      preHandler: guard('invoices.write'),
      schema: { tags, summary: 'Delete a draft invoice', params: idParams, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => deleteInvoice(ctx(request), request.params.id),
  );

  r.get(
    '/api/invoices/:id/email-draft',
    {
      preHandler: guard('invoices.write'),
      schema: {
        tags,
        summary: "The Send dialog's start: the customer's contacts with an address, the company's subject and message filled in, the last recipients",
        params: idParams,
        response: { 200: z.object({ data: emailDraftSchema }) },
      },
    },
    async (request) => ({ data: await invoiceEmailDraft(ctx(request), request.params.id, !!app.mail) }),
  );

  r.post(
    '/api/invoices/:id/send',
    {
      preHandler: guard('invoices.write'),
      schema: {
        tags,
        summary: 'Send (status Open); with `email`, also email it with its PDF to the recipients (queued: the request does not wait for the mail server)',
        params: idParams,
        body: sendDocumentBody,
        response: { 200: one },
      },
    },
    async (request) => ({ data: await sendInvoice(ctx(request), request.params.id, request.body) }),
  );

  r.post(
    '/api/invoices/:id/void',
    {
      preHandler: guard('invoices.write'),
      schema: { tags, summary: 'Void a Draft or Sent invoice without payments', params: idParams, response: { 200: one } },
    },
    async (request) => ({ data: await voidInvoice(ctx(request), request.params.id) }),
  );

  r.post(
    '/api/invoices/:id/draft',
    {
      preHandler: guard('invoices.write'),
      schema: {
        tags,
        summary: 'Copy a Sent invoice into a new draft for editing',
        params: idParams,
        response: { 201: z.object({ data: invoiceSchema, message: z.string() }) },
      },
    },
    async (request, reply) => {
      const { invoice, message } = await draftFromInvoice(ctx(request), request.params.id);
      return reply.status(201).send({ data: invoice, message });
    },
  );

  r.post(
    '/api/invoices/:id/payments',
    {
      preHandler: guard('invoices.write'),
      schema: {
        tags,
        summary: 'Record a payment on a Sent invoice (never past the balance; Paid when fully paid)',
        params: idParams,
        body: paymentBody,
        response: { 201: one },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await recordPayment(ctx(request), request.params.id, request.body) }),
  );
}
