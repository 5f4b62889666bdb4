import type { Db } from '@fieldwork/db/connection';
import { TEXT_TEMPLATE_KINDS, type TextTemplateKind } from '@fieldwork/domain/texts/text-templates.rules';
import { DEFAULT_QUIET_END, DEFAULT_QUIET_START, DEFAULT_REMINDER_HOURS, type QuietHours } from '@fieldwork/domain/texts/text-timing.rules';
import { findTextPreferencesRow } from './text-preferences.repository.ts';

/** A company's text preferences as the senders read them: the product's defaults until Settings saved its own. */
export type TextPrefs = {
  remindersOn: boolean;
  reminderHours: number;
  /** Null when the company turned quiet hours off. */
  quiet: QuietHours | null;
  bookingConfirmation: boolean;
  jobCompleted: boolean;
  /** Only the kinds the company worded itself. */
  templates: Partial<Record<TextTemplateKind, string>>;
};

export const DEFAULT_TEXT_PREFS: TextPrefs = {
  remindersOn: true,
  reminderHours: DEFAULT_REMINDER_HOURS,
  quiet: { start: DEFAULT_QUIET_START, end: DEFAULT_QUIET_END },
  bookingConfirmation: false,
  jobCompleted: false,
  templates: {},
};

/** A stored wording is kept only for kinds the product still has: a kind removed later falls away quietly. */
function parseTemplates(json: string): Partial<Record<TextTemplateKind, string>> {
  const raw = JSON.parse(json) as Record<string, unknown>;
  const out: Partial<Record<TextTemplateKind, string>> = {};
  for (const kind of TEXT_TEMPLATE_KINDS) if (typeof raw[kind] === 'string') out[kind] = raw[kind];
  return out;
}

export async function loadTextPrefs(db: Db, tenantId: string): Promise<TextPrefs> {
  const row = await findTextPreferencesRow(db, tenantId);
  if (!row) return DEFAULT_TEXT_PREFS;
  return {
    remindersOn: !!row.reminders_on,
    reminderHours: row.reminder_hours,
    quiet: row.quiet_hours_on ? { start: row.quiet_start, end: row.quiet_end } : null,
    bookingConfirmation: !!row.booking_confirmation,
    jobCompleted: !!row.job_completed,
    templates: parseTemplates(row.templates),
  };
}
