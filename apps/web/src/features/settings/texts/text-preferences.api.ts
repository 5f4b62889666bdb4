import type { TextPreferences, TextPreferencesBody } from '@fieldwork/domain/texts/text-preferences.schemas';
import { api, isApiError, type DataOf } from '../../../lib/api-client';

export const textPreferencesKey = ['company', 'texts', 'preferences'] as const;

export const textPreferencesApi = {
  get: async () => (await api.get<DataOf<TextPreferences>>('/company/texts/preferences')).data,
  save: async (body: TextPreferencesBody) => (await api.put<DataOf<TextPreferences>>('/company/texts/preferences', body)).data,
};

/** A refused save's messages by field ("reminderHours", "templates.reminder"), as the server names them. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error) || !error.body || typeof error.body !== 'object') return {};
  const details = (error.body as { details?: unknown }).details;
  if (!details || typeof details !== 'object') return {};
  return Object.fromEntries(Object.entries(details).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The body that keeps everything as saved: each card changes its own part and sends the rest unchanged. */
export function bodyOf(prefs: TextPreferences): TextPreferencesBody {
  return {
    remindersOn: prefs.remindersOn,
    reminderHours: prefs.reminderHours,
    quietHoursOn: prefs.quietHoursOn,
    quietStart: prefs.quietStart,
    quietEnd: prefs.quietEnd,
    bookingConfirmation: prefs.bookingConfirmation,
    jobCompleted: prefs.jobCompleted,
    templates: Object.fromEntries(prefs.customized.map((kind) => [kind, prefs.templates[kind]])),
  };
}
