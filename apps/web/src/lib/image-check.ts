import { checkImage, readImageInfo, type ImageUse } from '@fieldwork/domain/jobs/images.rules';
import { ApiError } from './api-client';

/**
 * The server refuses an image whose header declares more pixels than its use allows; the same rule runs here
 * first, so a 50-megapixel photo is refused with the server's words before its megabytes are sent. Files the
 * rule cannot read are left to the server, which judges their type.
 */
export async function refuseOversizedImage(file: File, use: ImageUse): Promise<void> {
  if (!/^image\//.test(file.type)) return;
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!readImageInfo(bytes)) return;
  const check = checkImage(use, bytes);
  if (!check.ok) throw new ApiError(400, 'VALIDATION_FAILED', check.message, [check.message]);
}
