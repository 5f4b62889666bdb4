import { z } from 'zod';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;

export const uuidField = (label: string) => z.uuid({ error: `${label} must be a valid UUID.` });

/**
 * Characters that show nothing: whitespace, control characters, zero-width and bidirectional controls, the
 * byte-order mark. They are trimmed from both ends of every text field, so a name typed as "\u202E\u200B" is as
 * empty as "" (and a name cannot be made to look different by invisible ends). Inside the text they stay.
 */
const INVISIBLE_ENDS =
  /^[\s\p{Cc}\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]+|[\s\p{Cc}\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]+$/gu;
export const trimInvisible = (value: string): string => value.replace(INVISIBLE_ENDS, '');

/** A lone surrogate (half of an emoji, say) cannot be stored or printed faithfully: refused, never altered. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isWellFormedText = (value: string): boolean => !LONE_SURROGATE.test(value);

/**
 * The one text schema every field uses: a string, well-formed, trimmed of invisible ends, at most `max`
 * characters. `missing` is the message when the field is absent (a required field's "is mandatory").
 */
export const textField = (label: string, max: number, missing?: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined && missing ? missing : `${label} must be a string.`) })
    .refine(isWellFormedText, { error: `${label} contains an invalid character (a broken emoji or symbol). Please retype it.`, abort: true })
    .overwrite(trimInvisible)
    .max(max, { error: `${label} must be less than or equal to ${max} characters.` });

export const requiredText = (label: string, max: number) => textField(label, max, `${label} is mandatory.`).min(1, { error: `${label} is mandatory.` });

export const optionalText = (label: string, max: number) => textField(label, max).optional();

/** Optional text that may be cleared: '' and null both mean "no value". */
export const clearableText = (label: string, max: number) =>
  textField(label, max)
    .nullable()
    .transform((v) => (v ? v : null))
    .optional();

export const emailField = z
  .string({ error: 'Email must be a string.' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'Email must be less than or equal to 254 characters.' })
  .pipe(z.email({ error: 'Email must be a valid email address.' }));

export const passwordField = z
  .string({ error: 'Password must be a string.' })
  .min(10, { error: 'Password must be at least 10 characters.' })
  .max(200, { error: 'Password must be less than or equal to 200 characters.' });

export const phoneField = z
  .string({ error: 'Phone must be a string.' })
  .trim()
  .max(40, { error: 'Phone must be less than or equal to 40 characters.' })
  .regex(/^[0-9+()\-.\s]*$/, { error: 'Phone may contain only digits, spaces and + ( ) - .' });

/** Optional contact fields a form may send empty: '' and null both store as null. */
export const optionalEmail = z
  .union([emailField, z.literal(''), z.null()])
  .transform((v) => (v ? v : null))
  .optional();
export const optionalPhone = z
  .union([phoneField, z.null()])
  .transform((v) => (v ? v : null))
  .optional();

export const idParams = z.strictObject({ id: uuidField('Id') });

export const orderValueSchema = z.enum(['asc', 'desc'], { error: 'orderByValue must be asc or desc.' });

export const pageQuery = {
  page: z.coerce.number({ error: 'page must be a number.' }).int().min(1, { error: 'page must be at least 1.' }).max(1_000_000).default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int()
    .min(1, { error: 'limit must be at least 1.' })
    .max(MAX_PAGE_SIZE, { error: `limit must be at most ${MAX_PAGE_SIZE}.` })
    .default(DEFAULT_PAGE_SIZE),
};

/** A query value that may be sent once or repeated (`?zones=a&zones=b`) or comma separated. */
export const idListQuery = (label: string) =>
  z
    .union([z.string(), z.array(z.string()).max(100)])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(uuidField(label)).max(100))
    .optional();

export const booleanQuery = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false.` })
    .transform((v) => v === 'true')
    .optional();

export const namedRef = z.object({ id: z.string(), name: z.string() });
export type NamedRef = z.infer<typeof namedRef>;

/**
 * Task-document list shape. `totalIsLowerBound` is true when the list stopped counting at a bound (the task list's
 * filtered totals): there are at least `total` records, and more pages may follow the last one counted.
 */
export const metaSchema = z.object({
  total: z.number(),
  totalPages: z.number(),
  page: z.number(),
  limit: z.number(),
  totalIsLowerBound: z.boolean().optional(),
});
export const itemsPage = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), meta: metaSchema });

/** Jobs-document list shape. */
export const paginationSchema = z.object({
  totalItems: z.number(),
  totalPages: z.number(),
  currentPage: z.number(),
  itemsPerPage: z.number(),
});
export const dataPage = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), pagination: paginationSchema });

export const dataOf = <T extends z.ZodType>(inner: T) => z.object({ data: inner });

export function pageMeta(total: number, page: number, limit: number) {
  return { total, totalPages: Math.ceil(total / limit), page, limit };
}

export function pagination(total: number, page: number, limit: number) {
  return { totalItems: total, totalPages: Math.ceil(total / limit), currentPage: page, itemsPerPage: limit };
}

// Below PostgreSQL's integer maximum: a larger version (or its +1 on save) made the update fail there (500).
export const versionField = z.number({ error: 'version must be a number.' }).int().min(1).max(2_147_483_646, { error: 'version is out of range.' });

/**
 * An ISO date-time in years 0002–9998 (UTC): PostgreSQL has no year 0, and toISOString writes years past 9999
 * as +010000; either made a 500 there. A year of margin on each side, because the servers derive instants from
 * it (a task's default end, a day's next midnight, an offset's shift).
 */
export const storableInstant = (v: string) => {
  const ms = Date.parse(v);
  // Not a date at all: the format check has said so already (zod runs this too), one message is enough.
  return Number.isNaN(ms) || (ms >= -62_104_060_800_000 && ms < 253_370_764_800_000);
};
