import type { SendResult } from '@fieldwork/domain/offline/offline-queue.rules';
import { isApiError } from '../../lib/api-client';

/** The API client's error as the queue rules read it: no answer at all, or the server's status and words. */
export function sendResultOf(error: unknown): SendResult {
  if (!isApiError(error) || error.statusCode === 0) return { kind: 'network' };
  return { kind: 'answer', status: error.statusCode, code: error.code, message: error.messages.length > 1 ? error.messages : error.message };
}
