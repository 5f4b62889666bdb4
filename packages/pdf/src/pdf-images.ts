/**
 * Images inside a PDF are judged by the pixel size their header declares before pdfkit sees them: pdfkit
 * decodes a PNG with transparency to split its alpha channel, so a 190 KB all-zero PNG of 7000 × 7000 pixels
 * cost ~3.3 s and ~370 MB per document. An image refused here is never decoded.
 */
import { checkImage, type ImageUse } from '@fieldwork/domain/jobs/images.rules';
import type { Doc } from './pdf-text-block.ts';

/** The only types pdfkit can draw (it has no WebP or GIF decoder). */
const DRAWABLE = new Set(['image/png', 'image/jpeg']);

/**
 * Draws `bytes` fitted into `fit` (width, height) at (x, y) when the image passes the size check for `use` and
 * is a PNG or JPEG; false (nothing drawn, nothing decoded) otherwise, or when pdfkit cannot read it after all.
 */
export function drawCheckedImage(doc: Doc, use: ImageUse, bytes: Uint8Array, x: number, y: number, fit: [number, number]): boolean {
  const check = checkImage(use, bytes);
  if (!check.ok || !DRAWABLE.has(check.info.type)) return false;
  try {
    doc.image(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), x, y, { fit });
    return true;
  } catch {
    // A header that reads well over a body that does not must not cost the customer the whole document.
    return false;
  }
}

/** The PNG bytes of a signature data URL (the only form the approval stores); null for anything else. */
export function signatureBytes(dataUrl: string | null): Buffer | null {
  if (!dataUrl?.startsWith('data:image/png;base64,')) return null;
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}
