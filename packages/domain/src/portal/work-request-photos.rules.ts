/**
 * Photos a customer sends with a request for work: how many, how large, which kinds. The server enforces these
 * on upload; the portal's form checks the same numbers before sending so a customer learns at once.
 */
import { MEDIA_MAX_BYTES } from '../jobs/media.schemas.ts';

/** A handful shows the problem; more is a gallery the office did not ask for. */
export const WORK_REQUEST_MAX_PHOTOS = 5;
/** A photo may be as large as one the office attaches to a job: a phone camera's full-size picture fits. */
export const WORK_REQUEST_PHOTO_MAX_BYTES = MEDIA_MAX_BYTES;
/** Raster formats every browser shows without running code (no SVG, no HEIC). */
export const WORK_REQUEST_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type WorkRequestPhotoType = (typeof WORK_REQUEST_PHOTO_TYPES)[number];
/** The multipart field each photo is sent in. */
export const WORK_REQUEST_PHOTO_FIELD = 'photos';

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const WORK_REQUEST_PHOTO_MESSAGES = {
  tooMany: `You can attach up to ${WORK_REQUEST_MAX_PHOTOS} photos.`,
  tooLarge: (name: string) => `${name} is larger than ${megabytes(WORK_REQUEST_PHOTO_MAX_BYTES)}: choose a smaller photo.`,
  notAnImage: (name: string) => `${name} is not a PNG, JPEG or WebP photo.`,
} as const;

export type PhotoCandidate = { name: string; size: number; type: string };

/**
 * The first reason a set of chosen photos cannot be sent, or null. The declared type is the browser's guess
 * from the name; the server decides by the bytes, so this only spares a customer a wasted upload.
 */
export function photoSelectionProblem(photos: readonly PhotoCandidate[]): string | null {
  if (photos.length > WORK_REQUEST_MAX_PHOTOS) return WORK_REQUEST_PHOTO_MESSAGES.tooMany;
  for (const p of photos) {
    if (!(WORK_REQUEST_PHOTO_TYPES as readonly string[]).includes(p.type)) return WORK_REQUEST_PHOTO_MESSAGES.notAnImage(p.name);
    if (p.size > WORK_REQUEST_PHOTO_MAX_BYTES) return WORK_REQUEST_PHOTO_MESSAGES.tooLarge(p.name);
  }
  return null;
}
