import type { FastifyRequest } from 'fastify';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { checkImage } from '@fieldwork/domain/jobs/images.rules';
import {
  WORK_REQUEST_MAX_PHOTOS,
  WORK_REQUEST_PHOTO_FIELD,
  WORK_REQUEST_PHOTO_MAX_BYTES,
  WORK_REQUEST_PHOTO_MESSAGES,
  WORK_REQUEST_PHOTO_TYPES,
  type WorkRequestPhotoType,
} from '@fieldwork/domain/portal/work-request-photos.rules';
import { uploadFileName } from '../media/media.service.ts';
import { sniffImageType } from '../files/image-sniff.ts';

export type WorkRequestPhoto = { data: Buffer; type: WorkRequestPhotoType };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    /** Photos sent with a multipart request for work, already checked; empty for a JSON request. */
    workRequestPhotos: WorkRequestPhoto[] | null;
  }
}

/** Parser limits of the portal's multipart requests: one more file than allowed, so a sixth is answered by name. */
export const WORK_REQUEST_MULTIPART_LIMITS = {
  fileSize: WORK_REQUEST_PHOTO_MAX_BYTES,
  files: WORK_REQUEST_MAX_PHOTOS + 1,
  fields: 10,
  fieldSize: 16_384,
  parts: WORK_REQUEST_MAX_PHOTOS + 12,
  headerPairs: 20,
};

const isAllowed = (type: string | null): type is WorkRequestPhotoType => !!type && (WORK_REQUEST_PHOTO_TYPES as readonly string[]).includes(type);

/**
 * A request for work comes as JSON, or as multipart/form-data when it carries photos: its text fields become
 * the body (validated by the route's schema like JSON) and each file in "photos" is read into memory (bounded by
 * the limits above) and judged by its bytes — type sniffed, pixel size read from the header before anything
 * decodes it, as every image the product accepts. Nothing is stored here: the photos are written with the lead,
 * in its transaction, so a refused request leaves nothing behind.
 */
export async function readWorkRequestPhotos(request: FastifyRequest): Promise<void> {
  request.workRequestPhotos = [];
  if (!request.isMultipart()) return;
  const fields = new Map<string, string>();
  const photos: WorkRequestPhoto[] = [];
  for await (const part of request.parts({ preservePath: true, limits: WORK_REQUEST_MULTIPART_LIMITS })) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields.set(part.fieldname, part.value);
      continue;
    }
    let name: string;
    try {
      if (part.fieldname !== WORK_REQUEST_PHOTO_FIELD) throw new AppError('VALIDATION_FAILED', [`Send photos in the field "${WORK_REQUEST_PHOTO_FIELD}".`]);
      if (photos.length >= WORK_REQUEST_MAX_PHOTOS) throw new AppError('VALIDATION_FAILED', [WORK_REQUEST_PHOTO_MESSAGES.tooMany]);
      name = uploadFileName(part.filename);
    } catch (error) {
      part.file.resume();
      throw error;
    }
    const data = await part.toBuffer();
    const type = sniffImageType(data);
    if (!isAllowed(type)) throw new AppError('UNSUPPORTED_MEDIA', WORK_REQUEST_PHOTO_MESSAGES.notAnImage(name));
    const size = checkImage('jobPhoto', data);
    if (!size.ok) throw new AppError('VALIDATION_FAILED', [`${name}: ${size.message}`]);
    photos.push({ data, type });
  }
  request.body = Object.fromEntries(fields);
  request.workRequestPhotos = photos;
}
