import type { FastifyRequest } from 'fastify';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { checkImage, type ImageUse } from '@fieldwork/domain/jobs/images.rules';
import { uploadFileName } from '../media/media.service.ts';
import { sniffImageType } from './image-sniff.ts';

type RasterType = NonNullable<ReturnType<typeof sniffImageType>>;
export type ImageUpload = { data: Buffer; type: RasterType };

/**
 * One image from a multipart field "file", kept in memory (small by `maxBytes`): a name that climbs (`..`) is
 * refused as on job media though the name is not kept, the type is decided by the bytes among `types`, and
 * the pixel size the header declares must fit `use` — checked before anything decodes it.
 */
export async function readImageUpload(
  request: FastifyRequest,
  options: { maxBytes: number; use: ImageUse; types: readonly RasterType[]; typeMessage: string },
): Promise<ImageUpload> {
  const file = await request.file({ preservePath: true, limits: { fileSize: options.maxBytes, files: 1, fields: 0 } });
  if (!file) throw new AppError('VALIDATION_FAILED', ['Choose an image file to upload.']);
  try {
    uploadFileName(file.filename);
  } catch (error) {
    file.file.resume();
    throw error;
  }
  const data = await file.toBuffer();
  const type = sniffImageType(data);
  if (!type || !options.types.includes(type)) throw new AppError('UNSUPPORTED_MEDIA', options.typeMessage);
  const size = checkImage(options.use, data);
  if (!size.ok) throw new AppError('VALIDATION_FAILED', [size.message]);
  return { data, type };
}
