import { publicOrigin } from '../../lib/public-url.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailDraftSchema, sendDocumentBody } from '@fieldwork/domain/messages/messages.schemas';
import { dataOf, dataPage, idParams } from '@fieldwork/domain/common/common.schemas';
import {
  approvalBody,
  createEstimateBody,
  depositBody,
  estimateListItemSchema,
  estimateListQuery,
  estimateSchema,
  linkEstimateBody,
  updateEstimateBody,
} from '@fieldwork/domain/billing/estimates.schemas';
import { ESTIMATE_MESSAGES, LINK_MESSAGES } from '@fieldwork/domain/billing/estimates.rules';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { linkToJob } from '../billing/link.service.ts';
import {
  approveOnsite,
  convertEstimate,
  createEstimate,
  deleteEstimate,
  draftFromEstimate,
  estimateEmailDraft,
  getEstimate,
  listEstimatesPage,
  recordEstimateDeposit,
  sendEstimate,
  updateEstimate,
  voidEstimate,
  type Ctx,
} from './estimates.service.ts';

const one = dataOf(estimateSchema);
const withMessage = z.object({ data: estimateSchema, message: z.string() });

/** Estimates. */
export async function estimatesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['estimates'];
  const ctx = (request: FastifyRequest): Ctx => {
    const auth = requireAuth(request);
    return { db: app.db, dialect: app.dialect, viewer: auth.viewer, timeZone: auth.timeZone, box: app.secrets, origin: publicOrigin(app, request) };
  };

  r.get(
    '/api/estimates',
    {
      preHandler: guard('estimates.read'),
      schema: {
        tags,
        summary:
          'Estimates, 10 a page; search by number, sort createdOn/amount/deposit, filter by status and created-on preset (tenant zone); unlinked=true for the link panel',
        querystring: estimateListQuery,
        response: { 200: dataPage(estimateListItemSchema) },
      },
    },
    async (request) => listEstimatesPage(ctx(request), request.query),
  );

  r.post(
    '/api/estimates',
    {
      preHandler: guard('estimates.write'),
      schema: { tags, summary: 'Create an estimate (mode Draft or Send); totals are computed by the server', body: createEstimateBody, response: { 201: one } },
    },
    async (request, reply) => reply.status(201).send({ data: await createEstimate(ctx(request), request.body) }),
  );

  r.post(
    '/api/estimates/link',
    {
      preHandler: guard('estimates.write'),
      schema: {
        tags,
        summary: 'Link a loose estimate to a job (permanent; 409 when already linked)',
        body: linkEstimateBody,
        response: { 200: z.object({ data: z.object({ id: z.string(), jobId: z.string(), jobNumber: z.number() }), message: z.string() }) },
      },
    },
    async (request) => {
      const data = await linkToJob(ctx(request), 'estimate', request.body.estimateId, request.body.jobId);
      return { data, message: LINK_MESSAGES.successDetail(data.jobNumber) };
    },
  );

  r.get(
    '/api/estimates/:id',
    {
      preHandler: guard('estimates.read'),
      schema: { tags, summary: 'One estimate with lines, approval and (office) margins', params: idParams, response: { 200: one } },
    },
    async (request) => ({ data: await getEstimate(ctx(request), request.params.id) }),
  );

  r.put(
    '/api/estimates/:id',
    {
      preHandler: guard('estimates.write'),
      schema: {
        tags,
        summary: 'Edit a draft estimate (send version; 409 STALE_VERSION when stale)',
        params: idParams,
        body: updateEstimateBody,
        response: { 200: one },
      },
    },
    async (request) => ({ data: await updateEstimate(ctx(request), request.params.id, request.body) }),
  );

  r.delete(
    '/api/estimates/:id',
    {
      preHandler: guard('estimates.write'),
      schema: { tags, summary: 'Delete a Draft, Declined or Change Request estimate', params: idParams, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => deleteEstimate(ctx(request), request.params.id),
  );

  r.get(
    '/api/estimates/:id/email-draft',
    {
      preHandler: guard('estimates.write'),
      schema: {
        tags,
        summary: "The Send dialog's start: the customer's contacts with an address, the company's subject and message filled in, the last recipients",
        params: idParams,
        response: { 200: z.object({ data: emailDraftSchema }) },
      },
    },
    async (request) => ({ data: await estimateEmailDraft(ctx(request), request.params.id, !!app.mail) }),
  );

  r.post(
    '/api/estimates/:id/send',
    {
      preHandler: guard('estimates.write'),
      schema: {
        tags,
        summary: 'Send (status Open); with `email`, also email it with its PDF to the recipients (queued: the request does not wait for the mail server)',
        params: idParams,
        body: sendDocumentBody,
        response: { 200: one },
      },
    },
    async (request) => ({ data: await sendEstimate(ctx(request), request.params.id, request.body) }),
  );

  r.post(
    '/api/estimates/:id/void',
    {
      preHandler: guard('estimates.write'),
      schema: { tags, summary: 'Void an estimate not converted', params: idParams, response: { 200: withMessage } },
    },
    async (request) => ({ data: await voidEstimate(ctx(request), request.params.id), message: 'Estimate voided successfully' }),
  );

  r.post(
    '/api/estimates/:id/draft',
    {
      preHandler: guard('estimates.write'),
      schema: {
        tags,
        summary: 'Create a draft copy of a Sent, Declined, Expired or Change Request estimate for editing',
        params: idParams,
        response: { 201: withMessage },
      },
    },
    async (request, reply) => {
      const { estimate, message } = await draftFromEstimate(ctx(request), request.params.id);
      return reply.status(201).send({ data: estimate, message });
    },
  );

  r.post(
    '/api/estimates/:id/convert',
    {
      preHandler: guard('estimates.write'),
      schema: {
        tags,
        summary: 'Convert an Approved or Deposit Paid estimate to a draft invoice, once (409 otherwise)',
        params: idParams,
        response: { 201: z.object({ data: z.object({ id: z.string(), invoiceNumber: z.number() }), message: z.string() }) },
      },
    },
    async (request, reply) => {
      const { message, ...data } = await convertEstimate(ctx(request), request.params.id);
      return reply.status(201).send({ data, message });
    },
  );

  r.post(
    '/api/estimates/:id/deposit',
    {
      preHandler: guard('estimates.write'),
      schema: {
        tags,
        summary:
          'Record the deposit received: Sent or Approved estimate requiring a deposit → Deposit Paid (409 otherwise); it becomes the first payment of the invoice it converts to',
        params: idParams,
        body: depositBody,
        response: { 200: withMessage },
      },
    },
    async (request) => ({ data: await recordEstimateDeposit(ctx(request), request.params.id, request.body), message: ESTIMATE_MESSAGES.depositRecorded }),
  );

  r.post(
    '/api/estimates/:id/approval',
    {
      preHandler: guard('estimates.write'),
      schema: {
        tags,
        summary: "Onsite approval: decision, signer's name and PNG signature; time and IP are recorded",
        params: idParams,
        body: approvalBody,
        response: { 200: one },
      },
    },
    async (request) => ({ data: await approveOnsite(ctx(request), request.params.id, request.body, request.ip ?? null) }),
  );
}
