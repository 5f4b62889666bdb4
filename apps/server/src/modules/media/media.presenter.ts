import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { Media } from '@fieldwork/domain/jobs/media.schemas';
import type { MediaRow } from './media.repository.ts';

export const fileLinkOf = (id: string) => `/api/jobs/media/${id}/file`;

export function toMediaDto(row: MediaRow): Media {
  return {
    id: row.id,
    jobId: row.job_id,
    fileName: row.file_name,
    contentType: row.content_type,
    mediaType: row.media_type === 'IMAGE' ? 'IMAGE' : 'DOCUMENT',
    size: Number(row.size),
    fileLink: fileLinkOf(row.id),
    createdAt: row.created_at,
    createdBy: row.created_by ? { userId: row.created_by, username: row.creator_name ?? '' } : null,
  };
}

/** RFC 6266/5987: an ASCII fallback name plus the exact UTF-8 name, percent-encoded. */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A stored file always goes out as an attachment that no browser sniffs or runs (sandboxed, nothing loads from it). */
export function sendStoredFile(reply: FastifyReply, file: { contentType: string; size: number; disposition: string; stream: Readable }) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('content-disposition', file.disposition)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.stream);
}
