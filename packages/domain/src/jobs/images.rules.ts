/**
 * Image size limits, read from the file's header before anything decodes it.
 *
 * A small file can hold a huge picture: a 190 KB all-zero PNG of 7000 × 7000 pixels inflates to ~196 MB of
 * pixels, and a PDF that embedded one cost ~3.3 s and ~370 MB. So every image the server accepts or embeds is
 * judged by the pixel size its header declares (width × height × 4 bytes once decoded as RGBA), never by its
 * byte size alone, and an image whose header cannot be read is refused rather than decoded to find out.
 * Pure byte parsing (no I/O, no decoding), so the web can check a file before uploading it.
 */

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
export type ImageInfo = { type: ImageType; width: number; height: number };

/** Where an image is used decides how large it may be. */
export type ImageUse = 'signature' | 'logo' | 'profilePhoto' | 'jobPhoto';

/**
 * Signatures and logos are drawn small and decoded inside PDFs, so they stay small (a phone's signature pad
 * at 3× density is ~1200 × 600). Photos come from cameras, whose default modes are 12–24 megapixels (4000 ×
 * 3000 to 5712 × 4284); 40 MP still takes a 48 MP sensor's binned and most high-resolution modes, while the
 * 7000 × 7000 bomb (49 MP, ~196 MB once decoded) is refused.
 */
export const IMAGE_LIMITS = {
  signature: { maxPixels: 4_000_000, maxSide: 4_000, label: 'Signature images' },
  logo: { maxPixels: 4_000_000, maxSide: 4_000, label: 'Logos' },
  profilePhoto: { maxPixels: 25_000_000, maxSide: 10_000, label: 'Profile photos' },
  jobPhoto: { maxPixels: 40_000_000, maxSide: 10_000, label: 'Photos' },
} as const satisfies Record<ImageUse, { maxPixels: number; maxSide: number; label: string }>;

/** Bytes an image takes once decoded to RGBA: what a decoder (pdfkit, a browser) will allocate. */
export const decodedBytes = (info: Pick<ImageInfo, 'width' | 'height'>): number => info.width * info.height * 4;

const grouped = (n: number) => n.toLocaleString('en-US');

export type ImageCheck = { ok: true; info: ImageInfo } | { ok: false; message: string };

/** Whether `bytes` is an image of a known type whose declared size fits the use. */
export function checkImage(use: ImageUse, bytes: Uint8Array): ImageCheck {
  const info = readImageInfo(bytes);
  const limit = IMAGE_LIMITS[use];
  if (!info) return { ok: false, message: 'The image could not be read: send a PNG, JPEG, WebP or GIF file.' };
  if (info.width < 1 || info.height < 1) return { ok: false, message: 'The image has no pixels.' };
  if (info.width * info.height > limit.maxPixels || Math.max(info.width, info.height) > limit.maxSide) {
    const side = Math.floor(Math.sqrt(limit.maxPixels));
    return {
      ok: false,
      message:
        `The image is ${grouped(info.width)} × ${grouped(info.height)} pixels; ${limit.label.toLowerCase()} may be at most ` +
        `${grouped(limit.maxPixels)} pixels (for example ${grouped(side)} × ${grouped(side)}) and ${grouped(limit.maxSide)} pixels on a side.`,
    };
  }
  return { ok: true, info };
}

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);
const ascii = (b: Uint8Array, at: number, text: string) => b.length >= at + text.length && [...text].every((c, i) => b[at + i] === c.charCodeAt(0));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Type and pixel size from the header; null when the bytes are not a well-formed header of a known type. */
export function readImageInfo(bytes: Uint8Array): ImageInfo | null {
  if (bytes.length >= 24 && PNG_SIGNATURE.every((v, i) => bytes[i] === v)) return readPng(bytes);
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return readJpeg(bytes);
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return readWebp(bytes);
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a'))
    return bytes.length >= 10 ? { type: 'image/gif', width: u16le(bytes, 6), height: u16le(bytes, 8) } : null;
  return null;
}

/** IHDR must be the first chunk (PNG spec); a file that puts anything before it is not read. */
function readPng(b: Uint8Array): ImageInfo | null {
  if (!ascii(b, 12, 'IHDR')) return null;
  return { type: 'image/png', width: u32be(b, 16), height: u32be(b, 20) };
}

/** Walks the marker segments up to the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC). */
function readJpeg(b: Uint8Array): ImageInfo | null {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    const length = u16be(b, at + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > b.length) return null;
      return { type: 'image/jpeg', height: u16be(b, at + 5), width: u16be(b, at + 7) };
    }
    if (marker === 0xda || marker === 0xd9) return null; // scan data or the end before any frame header
    at += 2 + length;
  }
  return null;
}

function readWebp(b: Uint8Array): ImageInfo | null {
  if (ascii(b, 12, 'VP8X') && b.length >= 30) return { type: 'image/webp', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (ascii(b, 12, 'VP8L') && b.length >= 25 && b[20] === 0x2f) {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { type: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (ascii(b, 12, 'VP8 ') && b.length >= 30 && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return { type: 'image/webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  return null;
}
