/**
 * How a change-log entry reads to people: a sentence per changed field ("Changed Start from Nov 20, 2026, 9:00 AM
 * to Nov 21, 2026, 9:00 AM."), never a diff of raw values. Instants and calendar days in the stored values (and
 * in an entry's message) are written in the company's date format by the formatter the screen passes in, so the
 * log reads in the company's zone like the rest of the app.
 */
export type ActivityChange = { field: string; oldValue: string | null; newValue: string | null };
export type DateWriter = { instant: (iso: string) => string; day: (day: string) => string };

const INSTANT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})\b/g;
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** "siteContactId" → "Site contact"; readable names for the log's raw field keys. */
export function fieldLabel(field: string): string {
  // Already written for people ("Job Name"): keep as sent.
  if (/\s/.test(field)) return field;
  const words = field
    .replace(/Id$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A text with every ISO instant in it written by the company's format. */
export function humaniseTimestamps(text: string, write: DateWriter): string {
  return text.replace(INSTANT, (iso) => (Number.isNaN(Date.parse(iso)) ? iso : write.instant(iso)));
}

function valueText(value: string, write: DateWriter): string {
  return DAY_ONLY.test(value) ? write.day(value) : humaniseTimestamps(value, write);
}

const empty = (v: string | null): v is null => v === null || v.trim() === '';

/** One changed field as a sentence. */
export function changeSentence(change: ActivityChange, write: DateWriter): string {
  const field = fieldLabel(change.field);
  if (empty(change.oldValue) && empty(change.newValue)) return `${field} was cleared.`;
  if (empty(change.oldValue)) return `Set ${field} to ${valueText(change.newValue!, write)}.`;
  if (empty(change.newValue)) return `Cleared ${field} (was ${valueText(change.oldValue, write)}).`;
  return `Changed ${field} from ${valueText(change.oldValue, write)} to ${valueText(change.newValue, write)}.`;
}
