import { z } from 'zod';
import { uuidField } from '../common/common.schemas.ts';

/** What a job may hold: photos, PDFs and common office files. Checked by content, not by name. */
export const MEDIA_KINDS = {
  'image/png': 'IMAGE',
  'image/jpeg': 'IMAGE',
  'image/webp': 'IMAGE',
  'image/gif': 'IMAGE',
  'application/pdf': 'DOCUMENT',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCUMENT',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'DOCUMENT',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'DOCUMENT',
  'application/msword': 'DOCUMENT',
  'application/vnd.ms-excel': 'DOCUMENT',
  'text/csv': 'DOCUMENT',
  'text/plain': 'DOCUMENT',
} as const satisfies Record<string, 'IMAGE' | 'DOCUMENT'>;
export type MediaContentType = keyof typeof MEDIA_KINDS;

export const MEDIA_MAX_BYTES = 25 * 1024 * 1024;
export const MEDIA_FILE_NAME_MAX = 200;
/** Uploads never attached to a job are removed after this long. */
export const ORPHAN_MEDIA_HOURS = 24;

export const mediaSchema = z.object({
  id: z.string(),
  jobId: z.string().nullable(),
  fileName: z.string(),
  contentType: z.string(),
  mediaType: z.enum(['IMAGE', 'DOCUMENT']),
  size: z.number(),
  fileLink: z.string(),
  createdAt: z.string(),
  createdBy: z.object({ userId: z.string(), username: z.string() }).nullable(),
});
export type Media = z.infer<typeof mediaSchema>;

/** Upload target: an existing job, or a session token for a job form not yet saved. */
export const mediaTargetQuery = z
  .strictObject({
    jobId: uuidField('Job ID').optional(),
    sessionToken: z.string().trim().min(16).max(100).optional(),
  })
  .refine((q) => !!q.jobId !== !!q.sessionToken, { error: 'Send exactly one of jobId or sessionToken.' });

export const mediaListQuery = mediaTargetQuery;

/**
 * Characters a file name loses: controls (C0, DEL, C1) and the invisible and bidirectional formatting marks
 * that can make "gpj.exe" display as "exe.jpg" (U+202E) or hide a character altogether.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;

/** A file name safe to echo back: the base name without path parts, controls or bidi marks; null when nothing usable is left. */
export function cleanFileName(name: string): string | null {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(UNSAFE_NAME_CHARS, '').trim();
  if (!base || base === '.' || base === '..') return null;
  return base.slice(0, MEDIA_FILE_NAME_MAX);
}

/** The extensions each stored type may keep; the first is given to a file whose name claims another type. */
export const MEDIA_EXTENSIONS = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jfif'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'application/pdf': ['pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/msword': ['doc'],
  'application/vnd.ms-excel': ['xls'],
  'text/csv': ['csv'],
  'text/plain': ['txt', 'log'],
} as const satisfies Record<MediaContentType, readonly string[]>;

/**
 * The name a download keeps: its extension must match the type the content was found to be, so a PNG named
 * "x.html" is saved as "x.png" and never opened by a browser as a page from the user's disk.
 */
export function fileNameForType(name: string, type: MediaContentType): string {
  const allowed: readonly string[] = MEDIA_EXTENSIONS[type];
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (allowed.includes(extension)) return name;
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return `${stem.slice(0, MEDIA_FILE_NAME_MAX - allowed[0]!.length - 1)}.${allowed[0]}`;
}
