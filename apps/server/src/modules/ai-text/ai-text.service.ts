import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@fieldwork/db/connection';
import { fitDescription, writeOfflineDescription } from '@fieldwork/domain/ai/ai-offline-writer.rules';
import type { AiTextBody } from '@fieldwork/domain/ai/ai-text.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import type { AppConfig } from '../../config.ts';
import { hitCounter } from '../auth/rate-limit.repository.ts';
import { chatCompletion, type ChatMessage } from './ai-text.client.ts';

const HOUR_MS = 3_600_000;
const LIMIT_MESSAGE = 'The writing assistant has been used too often. Please try again later.';

export type AiRequester = { kind: 'user'; viewer: Viewer } | { kind: 'public'; ip: string };
export type AiTextResult = { description: string; provider: 'offline' | 'model' };

const SYSTEM_PROMPT = {
  Generate:
    'You write job descriptions for the work orders of a field-service company (plumbing, HVAC, electrical, cleaning, repairs and similar). ' +
    'Write 2 to 4 short, plain sentences: the scope of work, what the technician should check on site, and a closing line. ' +
    'Use only the facts given; do not invent prices, dates or names. No greeting, no headings, no markdown, no lists. At most 900 characters.',
  Improvise:
    'You tidy job descriptions for the work orders of a field-service company. Rewrite the description you are given: fix spelling and grammar, ' +
    'use sentence case, expand abbreviations, keep every fact and add none. If job tags are given that the description does not mention, ' +
    'you may add one short sentence about them. No greeting, no headings, no markdown. At most 900 characters. Answer with the description only.',
} as const;

function userPrompt(body: AiTextBody): string {
  const { jobName, jobTags, customerName, siteAddress } = body.inputData;
  const lines = [
    jobName && `Job name: ${jobName}`,
    jobTags.length > 0 && `Job tags: ${jobTags.join(', ')}`,
    customerName && `Customer: ${customerName}`,
    siteAddress && `Site address: ${siteAddress}`,
    body.requestType === 'Improvise' && `Description to improve:\n${body.currentDescription ?? ''}`,
  ];
  return lines.filter(Boolean).join('\n') || 'No details were given; write a general description of a service visit.';
}

/** Model output cleaned for a plain-text field: no code fences or wrapping quotes, tidy spaces, within the limit. */
export function cleanModelText(text: string): string {
  const unfenced = text.replace(/^```[a-z]*\s*/i, '').replace(/\s*```$/, '');
  const unquoted = unfenced.trim().replace(/^["'“](.*)["'”]$/s, '$1');
  return fitDescription(
    unquoted
      .replace(/[ \t]+/g, ' ')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
  );
}

async function enforce(db: Db, key: string, limit: number): Promise<void> {
  const hit = await hitCounter(db, key, HOUR_MS);
  if (hit.count > limit) {
    const retryAfter = Math.max(1, Math.ceil((Date.parse(hit.windowStart) + HOUR_MS - Date.now()) / 1000));
    throw new AppError('RATE_LIMITED', LIMIT_MESSAGE, { headers: { 'retry-after': String(retryAfter) } });
  }
}

/** Signed in: per user, then per company. Public: per client IP. Every request counts, so parallel bursts cannot overrun. */
async function enforceLimits(db: Db, ai: AppConfig['ai'], requester: AiRequester): Promise<void> {
  if (requester.kind === 'public') return enforce(db, `ai:ip:${requester.ip}`, ai.publicPerIpPerHour);
  await enforce(db, `ai:user:${requester.viewer.userId}`, ai.perUserPerHour);
  await enforce(db, `ai:tenant:${requester.viewer.tenantId}`, ai.perTenantPerHour);
}

export async function generateJobText(db: Db, ai: AppConfig['ai'], log: FastifyBaseLogger, requester: AiRequester, body: AiTextBody): Promise<AiTextResult> {
  await enforceLimits(db, ai, requester);
  if (!ai.baseUrl) {
    const description = writeOfflineDescription({ requestType: body.requestType, currentDescription: body.currentDescription, ...body.inputData });
    return { description, provider: 'offline' };
  }
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM_PROMPT[body.requestType] },
    { role: 'user', content: userPrompt(body) },
  ];
  const description = cleanModelText(await chatCompletion(ai, messages, log));
  if (!description) throw new AppError('UPSTREAM_FAILED');
  return { description, provider: 'model' };
}
