import { fillTemplate } from '../messages/messages.rules.ts';

/**
 * What the product texts, to whom, and in which words. Every kind has a row here: who reads it, whether quiet
 * hours hold it back, whether the company may word it and with which placeholders. The server renders with
 * these functions and the settings screen previews with the same ones, so the preview is exactly what goes out.
 */

export const TEXT_KINDS = ['on_my_way', 'reminder', 'booking_confirmation', 'job_completed', 'assignment', 'test'] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

/** Kinds whose words a company may change (Settings → Text messages). */
export const TEXT_TEMPLATE_KINDS = ['on_my_way', 'reminder', 'booking_confirmation', 'job_completed'] as const;
export type TextTemplateKind = (typeof TEXT_TEMPLATE_KINDS)[number];

type KindPolicy = {
  label: string;
  /** A customer's phone, or one of the company's own people. */
  audience: 'customer' | 'crew';
  /**
   * Held until quiet hours end when queued inside them. "On my way" is exempt: it is sent because someone is
   * about to ring the doorbell. Crew texts are the company's own business hours, not the customer's night.
   */
  quietHours: boolean;
};

export const TEXT_KIND_POLICY = {
  on_my_way: { label: 'On my way', audience: 'customer', quietHours: false },
  reminder: { label: 'Appointment reminder', audience: 'customer', quietHours: true },
  booking_confirmation: { label: 'Booking confirmation', audience: 'customer', quietHours: true },
  job_completed: { label: 'Job completed', audience: 'customer', quietHours: true },
  assignment: { label: 'Task assigned or moved (to the technician)', audience: 'crew', quietHours: false },
  test: { label: 'Test text', audience: 'crew', quietHours: false },
} as const satisfies Record<TextKind, KindPolicy>;

/** The placeholders each template may use; anything else in braces is refused when the template is saved. */
export const TEXT_PLACEHOLDERS = {
  on_my_way: ['companyName', 'customerName', 'technicianName', 'window', 'link'],
  reminder: ['companyName', 'customerName', 'technicianName', 'date', 'time', 'link'],
  booking_confirmation: ['companyName', 'customerName', 'technicianName', 'date', 'time', 'link'],
  job_completed: ['companyName', 'customerName', 'jobNumber', 'link'],
} as const satisfies Record<TextTemplateKind, readonly string[]>;

export const DEFAULT_TEXT_TEMPLATES = {
  on_my_way: '{companyName}: {technicianName} is on the way and should arrive between {window}. Follow the visit: {link}',
  reminder: '{companyName}: a reminder of your appointment on {date} at {time} with {technicianName}. Details: {link}',
  booking_confirmation: '{companyName}: your appointment is booked for {date} at {time}. Details: {link}',
  job_completed: '{companyName}: job #{jobNumber} is complete. Thank you! Your invoice: {link}',
} as const satisfies Record<TextTemplateKind, string>;

/** Three SMS segments of plain text: longer costs the company more and reads as spam on a phone. */
export const TEXT_TEMPLATE_MAX = 459;

/** What the settings preview fills the placeholders with. */
export const TEXT_SAMPLE_VALUES = {
  companyName: 'Acme Plumbing',
  customerName: 'Jordan Smith',
  technicianName: 'Alex',
  window: '10:20 and 10:40 AM',
  date: 'Tue, Mar 10',
  time: '9:00 AM',
  jobNumber: '1042',
  link: 'https://example.com/portal/visit#…',
} as const;

export type TextValues = Partial<Record<keyof typeof TEXT_SAMPLE_VALUES, string | number | null>>;

export const TEXT_TEMPLATE_MESSAGES = {
  empty: 'A text message cannot be empty.',
  tooLong: `A text message can be at most ${TEXT_TEMPLATE_MAX} characters.`,
  unknown: (names: string[]) => `Unknown placeholder${names.length > 1 ? 's' : ''}: ${names.map((n) => `{${n}}`).join(', ')}.`,
} as const;

const PLACEHOLDER = /\{(\w+)\}/g;

/** Why a company's wording for this kind cannot be saved, or null when it can. */
export function templateProblem(kind: TextTemplateKind, text: string): string | null {
  if (!text.trim()) return TEXT_TEMPLATE_MESSAGES.empty;
  if (text.length > TEXT_TEMPLATE_MAX) return TEXT_TEMPLATE_MESSAGES.tooLong;
  const known: readonly string[] = TEXT_PLACEHOLDERS[kind];
  const unknown = [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !known.includes(name)))];
  return unknown.length ? TEXT_TEMPLATE_MESSAGES.unknown(unknown) : null;
}

/**
 * The text as it goes out: the company's wording (or the default), placeholders filled, runs of spaces left by
 * an empty value collapsed. A text is one paragraph: line breaks in a template become spaces.
 */
export function renderText(kind: TextTemplateKind, custom: Partial<Record<TextTemplateKind, string>> | null | undefined, values: TextValues): string {
  const template = custom?.[kind] ?? DEFAULT_TEXT_TEMPLATES[kind];
  return fillTemplate(template, values).replace(/\s+/g, ' ').trim();
}
