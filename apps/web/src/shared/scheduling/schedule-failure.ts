import { SCHEDULE_MESSAGES } from '@fieldwork/domain/scheduling/scheduling.schemas';
import { isApiError } from '../../lib/api-client';

export const SCHEDULE_TOASTS = {
  created: 'Schedule created',
  updated: 'Schedule updated',
  conflictTitle: 'Technician has a conflicting schedule',
  failedTitle: 'Update failed',
} as const;

function textOf(message: unknown): string {
  if (Array.isArray(message)) return message.map(String).join(', ');
  return typeof message === 'string' ? message : '';
}

/**
 * Schedule failure toast: the text is the error's message, its joined message list, or data.message, falling
 * back to "Unable to update schedule. This user has a conflicting schedule."; the title says "Technician has a
 * conflicting schedule" when the server refused a clash (code SCHEDULE_CONFLICT) or said nothing, so the
 * fallback's own words stand, else "Update failed".
 */
export function scheduleFailure(error: unknown): { title: string; text: string } {
  let text = '';
  if (isApiError(error)) {
    const body = error.body as { message?: unknown; data?: { message?: unknown } } | null;
    text = body && typeof body === 'object' ? textOf(body.message) || textOf(body.data?.message) : error.code === 'NETWORK' ? error.message : '';
  } else if (error instanceof Error) {
    text = error.message;
  }
  const clash = isApiError(error) && error.code === 'SCHEDULE_CONFLICT';
  text = text.trim();
  if (!text) return { title: SCHEDULE_TOASTS.conflictTitle, text: SCHEDULE_MESSAGES.conflictFallback };
  return { title: clash ? SCHEDULE_TOASTS.conflictTitle : SCHEDULE_TOASTS.failedTitle, text };
}
