import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { aiTextBody, aiTextResultSchema } from '@fieldwork/domain/ai/ai-text.schemas';
import { dataOf } from '@fieldwork/domain/common/common.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { generateJobText } from './ai-text.service.ts';

const resultResponse = dataOf(aiTextResultSchema);
const description =
  'Generate writes a job description from the job name, tags, customer and site; Improvise tidies currentDescription. ' +
  'Uses the configured OpenAI-compatible model, or the built-in offline writer (provider "offline") when none is set. ' +
  '429 with Retry-After past the hourly limits; 502 when the model provider fails or times out.';

export async function aiTextRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ai-text'];

  r.post(
    '/api/aiText/generate',
    {
      preHandler: guard('ai.use'),
      schema: {
        tags,
        summary: 'Write or improve a job description (limited per user and per company)',
        description,
        body: aiTextBody,
        response: { 200: resultResponse },
      },
    },
    async (request) => ({
      data: await generateJobText(app.db, app.config.ai, request.log, { kind: 'user', viewer: requireAuth(request).viewer }, request.body),
    }),
  );

  r.post(
    '/api/public/aiText/generate',
    {
      schema: {
        tags,
        summary: 'Write or improve a job description without signing in (limited per IP)',
        description,
        body: aiTextBody,
        response: { 200: resultResponse },
        security: [],
      },
    },
    async (request) => ({
      data: await generateJobText(app.db, app.config.ai, request.log, { kind: 'public', ip: request.ip }, request.body),
    }),
  );
}
