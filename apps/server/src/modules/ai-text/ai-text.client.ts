import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import type { AppConfig } from '../../config.ts';

export type ChatMessage = { role: 'system' | 'user'; content: string };

/**
 * One call to an OpenAI-compatible `POST {baseUrl}/chat/completions`. Any failure — refused, slow past the
 * timeout, an error status, an answer without text — is UPSTREAM_FAILED (502); the cause goes to the log only.
 */
export async function chatCompletion(ai: AppConfig['ai'], messages: ChatMessage[], log: FastifyBaseLogger): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ai.timeoutMs);
  try {
    const response = await fetch(`${ai.baseUrl!.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(ai.apiKey ? { authorization: `Bearer ${ai.apiKey}` } : {}) },
      body: JSON.stringify({ model: ai.model, messages, temperature: 0.4, max_tokens: 400 }),
      signal: controller.signal,
    });
    if (!response.ok) throw new Error(`upstream answered ${response.status}`);
    const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string' || !content.trim()) throw new Error('upstream answer has no text');
    return content;
  } catch (error) {
    log.warn({ err: error, timedOut: controller.signal.aborted }, 'AI text provider failed');
    throw new AppError('UPSTREAM_FAILED');
  } finally {
    clearTimeout(timer);
  }
}
