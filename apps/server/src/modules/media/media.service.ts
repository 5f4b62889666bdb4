import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { checkImage } from '@fieldwork/domain/jobs/images.rules';
import { cleanFileName, fileNameForType, MEDIA_MAX_BYTES, type Media } from '@fieldwork/domain/jobs/media.schemas';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import { recordActivity } from '../activity/activity.repository.ts';
import { bumpJobCount } from '../job-core/jobs-lookup.repository.ts';
import { requireJobHeader, requireOpenJob } from '../job-core/jobs-lookup.service.ts';
import { attachmentDisposition, toMediaDto } from './media.presenter.ts';
import {
  attachSessionMedia,
  deleteMedia,
  findMedia,
  findSessionMedia,
  insertMedia,
  listJobMedia,
  listSessionMedia,
  type MediaRow,
} from './media.repository.ts';
import { isTextDeclared, mediaKindOf, sniffMediaType } from './media-sniff.ts';
import { ensureTenantDir, mediaPath, moveIntoPlace, openStoredFile, removeQuietly, storageKeyOf, streamToFile, tempPathOf } from './media-storage.ts';

export type MediaTarget = { jobId?: string | undefined; sessionToken?: string | undefined };
/** `imagesOnly`: a photo upload (from a task), where anything but PNG, JPEG, WebP or GIF is refused with 400. */
export type UploadOptions = { imagesOnly?: boolean };

export const NOT_A_PHOTO = 'Only photos can be added here: PNG, JPEG, WebP or GIF.';

const NOT_FOUND = 'File not found.';
const BAD_NAME = 'The file name is not allowed.';
const UPLOAD_LIMITS = { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 10, parts: 12, headerPairs: 20 };

/** Path parts, control characters and bidi marks are dropped; a name that tries to climb out (`..`) or is left empty is refused. */
export function uploadFileName(raw: string | undefined): string {
  const name = raw ?? '';
  if (name.split(/[\\/]/).includes('..')) throw new AppError('VALIDATION_FAILED', [BAD_NAME]);
  const clean = cleanFileName(name);
  if (!clean) throw new AppError('VALIDATION_FAILED', [BAD_NAME]);
  return clean;
}

/**
 * A photo's header must declare a size a phone or browser can decode: a small file can declare a huge
 * picture. The whole file is read (at most MEDIA_MAX_BYTES) because a JPEG's size sits after its metadata.
 */
async function requireSafeImage(path: string): Promise<void> {
  const check = checkImage('jobPhoto', await readFile(path));
  if (!check.ok) throw new AppError('VALIDATION_FAILED', [check.message]);
}

/** Malformed multipart (no boundary, cut short…) is the client's error, never a 500. */
async function readFilePart(request: FastifyRequest): Promise<MultipartFile> {
  let file: MultipartFile | undefined;
  try {
    file = await request.file({ preservePath: true, limits: UPLOAD_LIMITS });
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof AppError || (status && status >= 400 && status < 500)) throw error;
    throw new AppError('VALIDATION_FAILED', ['Send the file as multipart/form-data in a field named "file".']);
  }
  if (!file || file.fieldname !== 'file') {
    file?.file.resume();
    throw new AppError('VALIDATION_FAILED', ['Choose a file to upload.']);
  }
  return file;
}

/** A session-token upload belongs to its uploader alone until a job takes it: to anyone else it does not exist. */
function visibleTo(viewer: Viewer, row: MediaRow | undefined): row is MediaRow {
  return !!row && (row.job_id !== null || row.created_by === viewer.userId);
}

async function requireMedia(db: Db, viewer: Viewer, mediaId: string): Promise<MediaRow> {
  const row = await findMedia(db, viewer.tenantId, mediaId);
  if (!visibleTo(viewer, row)) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

/**
 * Bytes go to a temp file while being counted and inspected; the type is decided by content. The row, the
 * job count, the activity entry and the rename into place happen together: on any failure the temp or
 * final file is removed and the transaction rolls back, so nothing is left behind.
 */
export async function uploadMedia(
  db: Db,
  mediaDir: string,
  viewer: Viewer,
  target: MediaTarget,
  request: FastifyRequest,
  options: UploadOptions = {},
): Promise<Media> {
  const { tenantId } = viewer;
  const jobId = target.jobId ?? null;
  if (jobId) await requireOpenJob(db, tenantId, jobId);
  const file = await readFilePart(request);
  let fileName: string;
  try {
    fileName = uploadFileName(file.filename);
  } catch (error) {
    file.file.resume();
    throw error;
  }

  const id = randomUUID();
  const storageKey = storageKeyOf(tenantId, id);
  const tempPath = tempPathOf(mediaDir, tenantId, id);
  const finalPath = mediaPath(mediaDir, storageKey);
  try {
    await ensureTenantDir(mediaDir, tenantId);
    const streamed = await streamToFile(file.file, tempPath, isTextDeclared(file.mimetype)).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).syscall) throw error;
      throw new AppError('VALIDATION_FAILED', ['The upload did not complete.']);
    });
    if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${MEDIA_MAX_BYTES / 1024 / 1024} MB.`);
    if (streamed.size === 0) throw new AppError('VALIDATION_FAILED', ['The file is empty.']);
    const contentType = sniffMediaType(streamed.head, file.mimetype, streamed.utf8Text);
    if (options.imagesOnly && (!contentType || mediaKindOf(contentType) !== 'IMAGE')) throw new AppError('VALIDATION_FAILED', [NOT_A_PHOTO]);
    if (!contentType) throw new AppError('UNSUPPORTED_MEDIA');
    fileName = fileNameForType(fileName, contentType);
    if (mediaKindOf(contentType) === 'IMAGE') await requireSafeImage(tempPath);

    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      if (jobId) {
        await bumpJobCount(trx, tenantId, jobId, 'media_count', 1);
        await requireOpenJob(trx, tenantId, jobId);
      }
      await insertMedia(trx, tenantId, {
        id,
        job_id: jobId,
        session_token: jobId ? null : target.sessionToken!,
        file_name: fileName,
        content_type: contentType,
        media_type: mediaKindOf(contentType),
        size: streamed.size,
        storage_key: storageKey,
        created_by: viewer.userId,
        created_at: now,
      });
      if (jobId) {
        await recordActivity(trx, tenantId, {
          jobId,
          entityType: 'MEDIA',
          entityId: id,
          action: 'MEDIA_ADDED',
          message: `Added a file: ${fileName}`,
          actorId: viewer.userId,
          changes: [{ field: 'media', oldValue: null, newValue: fileName }],
          at: now,
        });
      }
      await moveIntoPlace(tempPath, finalPath);
    });
  } catch (error) {
    await Promise.all([removeQuietly(tempPath), removeQuietly(finalPath)]);
    throw error;
  }
  return toMediaDto((await findMedia(db, tenantId, id))!);
}

export async function listMedia(db: Db, viewer: Viewer, target: MediaTarget): Promise<Media[]> {
  const { tenantId } = viewer;
  if (target.jobId) {
    await requireJobHeader(db, tenantId, target.jobId);
    return (await listJobMedia(db, tenantId, target.jobId)).map(toMediaDto);
  }
  return (await listSessionMedia(db, tenantId, target.sessionToken!, viewer.userId)).map(toMediaDto);
}

/** With `jobId`, a file of another job reads as missing (a task's photos are its job's only). */
export async function openMediaFile(db: Db, mediaDir: string, viewer: Viewer, mediaId: string, jobId?: string) {
  const row = await requireMedia(db, viewer, mediaId);
  if (jobId !== undefined && row.job_id !== jobId) throw new AppError('NOT_FOUND', NOT_FOUND);
  const stored = await openStoredFile(mediaPath(mediaDir, row.storage_key));
  if (!stored) throw new AppError('NOT_FOUND', NOT_FOUND);
  return { ...stored, contentType: row.content_type, disposition: attachmentDisposition(row.file_name) };
}

/** The file is removed only after the row's deletion has committed; a failed unlink leaves a stray file, never a broken row. */
export async function removeMedia(db: Db, mediaDir: string, viewer: Viewer, mediaId: string): Promise<void> {
  const { tenantId } = viewer;
  const row = await db.transaction().execute(async (trx) => {
    const found = await requireMedia(trx, viewer, mediaId);
    if (found.job_id) {
      await bumpJobCount(trx, tenantId, found.job_id, 'media_count', -1);
      await requireOpenJob(trx, tenantId, found.job_id);
    }
    await deleteMedia(trx, tenantId, mediaId);
    if (found.job_id) {
      await recordActivity(trx, tenantId, {
        jobId: found.job_id,
        entityType: 'MEDIA',
        entityId: mediaId,
        action: 'MEDIA_DELETED',
        message: `Deleted a file: ${found.file_name}`,
        actorId: viewer.userId,
        changes: [{ field: 'media', oldValue: found.file_name, newValue: null }],
      });
    }
    return found;
  });
  await removeQuietly(mediaPath(mediaDir, row.storage_key)).catch(() => undefined);
}

/**
 * For the job-create service, inside its transaction: moves the form's uploads onto the new job, bumps
 * media_count and writes one MEDIA_ADDED entry per file. Returns how many were attached.
 */
export async function attachUploadsToJob(trx: Db, tenantId: string, o: { sessionToken: string; userId: string; jobId: string }): Promise<number> {
  const uploads = await findSessionMedia(trx, tenantId, o.sessionToken, o.userId);
  if (uploads.length === 0) return 0;
  const attached = await attachSessionMedia(trx, tenantId, o.sessionToken, o.userId, o.jobId);
  await bumpJobCount(trx, tenantId, o.jobId, 'media_count', attached);
  for (const upload of uploads) {
    await recordActivity(trx, tenantId, {
      jobId: o.jobId,
      entityType: 'MEDIA',
      entityId: upload.id,
      action: 'MEDIA_ADDED',
      message: `Added a file: ${upload.file_name}`,
      actorId: o.userId,
      changes: [{ field: 'media', oldValue: null, newValue: upload.file_name }],
    });
  }
  return attached;
}
