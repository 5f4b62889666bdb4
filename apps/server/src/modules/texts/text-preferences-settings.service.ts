import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import type { TextPreferences, TextPreferencesBody } from '@fieldwork/domain/texts/text-preferences.schemas';
import { DEFAULT_TEXT_TEMPLATES, TEXT_TEMPLATE_KINDS, type TextTemplateKind } from '@fieldwork/domain/texts/text-templates.rules';
import { DEFAULT_QUIET_END, DEFAULT_QUIET_START } from '@fieldwork/domain/texts/text-timing.rules';
import { findTenant } from '../account-core/company.repository.ts';
import { findTextPreferencesRow, saveTextPreferencesRow } from './text-preferences.repository.ts';
import { loadTextPrefs } from './text-preferences.service.ts';

/**
 * Settings → Text messages, "What is sent" and "Wording": what the office sees and saves. Nothing here needs a
 * Twilio account — the office prepares its texts before it connects one.
 */
export async function getTextPreferences(db: Db, tenantId: string): Promise<TextPreferences> {
  const [prefs, row, tenant] = await Promise.all([loadTextPrefs(db, tenantId), findTextPreferencesRow(db, tenantId), findTenant(db, tenantId)]);
  const customized = TEXT_TEMPLATE_KINDS.filter((kind) => prefs.templates[kind] !== undefined);
  return {
    remindersOn: prefs.remindersOn,
    reminderHours: prefs.reminderHours,
    quietHoursOn: prefs.quiet !== null,
    // Quiet hours switched off keep their times, so switching them back on restores what the office had.
    quietStart: row?.quiet_start ?? DEFAULT_QUIET_START,
    quietEnd: row?.quiet_end ?? DEFAULT_QUIET_END,
    bookingConfirmation: prefs.bookingConfirmation,
    jobCompleted: prefs.jobCompleted,
    templates: Object.fromEntries(TEXT_TEMPLATE_KINDS.map((kind) => [kind, prefs.templates[kind] ?? DEFAULT_TEXT_TEMPLATES[kind]])) as Record<
      TextTemplateKind,
      string
    >,
    customized,
    timeZone: tenant?.time_zone ?? 'UTC',
  };
}

/**
 * Stores every setting. A wording that is null, left out, or the same as the product's is "not customised": the
 * company then follows the product's wording, including any improvement made to it later.
 */
export async function saveTextPreferences(db: Db, tenantId: string, body: TextPreferencesBody): Promise<TextPreferences> {
  const templates: Partial<Record<TextTemplateKind, string>> = {};
  for (const kind of TEXT_TEMPLATE_KINDS) {
    const text = body.templates?.[kind];
    if (typeof text === 'string' && text !== DEFAULT_TEXT_TEMPLATES[kind]) templates[kind] = text;
  }
  await saveTextPreferencesRow(db, {
    tenant_id: tenantId,
    reminders_on: body.remindersOn ? 1 : 0,
    reminder_hours: body.reminderHours,
    quiet_hours_on: body.quietHoursOn ? 1 : 0,
    quiet_start: body.quietStart,
    quiet_end: body.quietEnd,
    booking_confirmation: body.bookingConfirmation ? 1 : 0,
    job_completed: body.jobCompleted ? 1 : 0,
    templates: JSON.stringify(templates),
    updated_at: nowIso(),
  });
  return getTextPreferences(db, tenantId);
}
