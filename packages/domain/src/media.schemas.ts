import { z } from 'zod';
import { uuidField } from './common.schemas.ts';

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

/** A file name safe to echo back: no path parts, no control characters. */
export function cleanFileName(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused
  if (!base || base === '.' || base === '..' || /[\u0000-\u001f\u007f]/.test(base)) return null;
  return base.slice(0, MEDIA_FILE_NAME_MAX);
}
