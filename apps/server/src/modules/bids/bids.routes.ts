import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerBidBody, bidListQuery, bidSchema, declineBidBody } from '@fieldwork/domain/tasks/bids.schemas';
import { dataOf, idParams, itemsPage } from '@fieldwork/domain/common/common.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { answerBid, awardBid, closeTaskBids, declineBid, listBids, taskBids } from './bids.service.ts';

/**
 * Subcontractor bids (request-bids flow). Requests are created by POST /tasks/schedule and
 * PUT /tasks/schedule/{id} with bidRequestSentTo; these routes list, answer, award and close them.
 */
export async function bidsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['bids'];

  r.get(
    '/api/bids',
    {
      preHandler: guard('bids.read'),
      schema: {
        tags,
        summary: "Bid requests: a subcontractor login's own company's, or all of the company's for office readers (newest first)",
        querystring: bidListQuery,
        response: { 200: dataOf(itemsPage(bidSchema)) },
      },
    },
    async (request) => ({ data: await listBids(app.db, requireAuth(request), request.query) }),
  );

  r.get(
    '/api/tasks/:id/bids',
    {
      preHandler: guard('workorder.view'),
      schema: { tags, summary: "A task's bids with each subcontractor's answer", params: idParams, response: { 200: dataOf(z.array(bidSchema)) } },
    },
    async (request) => ({ data: await taskBids(app.db, requireAuth(request), request.params.id) }),
  );

  r.post(
    '/api/bids/:id/answer',
    {
      preHandler: guard('bids.answer'),
      schema: {
        tags,
        summary: 'Answer a bid request (again while SUBMITTED) as its subcontractor; 409 once it is no longer open',
        params: idParams,
        body: answerBidBody,
        response: { 200: dataOf(bidSchema) },
      },
    },
    async (request) => ({ data: await answerBid(app.db, requireAuth(request), request.params.id, request.body) }),
  );

  r.post(
    '/api/bids/:id/decline',
    {
      preHandler: guard('bids.answer'),
      schema: {
        tags,
        summary: 'Decline a bid request as its subcontractor; 409 once it is no longer open',
        params: idParams,
        body: declineBidBody,
        response: { 200: dataOf(bidSchema) },
      },
    },
    async (request) => ({ data: await declineBid(app.db, requireAuth(request), request.params.id, request.body) }),
  );

  r.post(
    '/api/bids/:id/award',
    {
      preHandler: guard('tasks.write'),
      schema: {
        tags,
        summary: "Award a submitted bid: assigns the task to its subcontractor (409 SCHEDULE_CONFLICT on a clash) and closes the task's other open bids",
        params: idParams,
        response: { 200: dataOf(bidSchema) },
      },
    },
    async (request) => ({ data: await awardBid(app.db, requireAuth(request), request.params.id) }),
  );

  r.post(
    '/api/tasks/:id/bids/close',
    {
      preHandler: guard('tasks.write'),
      schema: {
        tags,
        summary: "The sheet's confirming submit: closes every still-open bid request of the task",
        params: idParams,
        response: { 200: dataOf(z.array(bidSchema)) },
      },
    },
    async (request) => ({ data: await closeTaskBids(app.db, requireAuth(request), request.params.id) }),
  );
}
