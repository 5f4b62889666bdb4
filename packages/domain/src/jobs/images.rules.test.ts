import { describe, expect, it } from 'vitest';
import { checkImage, decodedBytes, IMAGE_LIMITS, readImageInfo } from './images.rules.ts';

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le16 = (n: number) => [n & 255, (n >>> 8) & 255];
const le24 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];
const bytes = (...parts: (number[] | string)[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

const pngHeader = (w: number, h: number) => bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], be32(13), 'IHDR', be32(w), be32(h), [8, 6, 0, 0, 0]);
const jpeg = (w: number, h: number, app1Length = 16) =>
  bytes([0xff, 0xd8], [0xff, 0xe1], [app1Length >> 8, app1Length & 255], new Array(app1Length - 2).fill(0), [
    0xff,
    0xc0,
    0,
    17,
    8,
    h >> 8,
    h & 255,
    w >> 8,
    w & 255,
    3,
  ]);

describe('readImageInfo', () => {
  it.each([
    ['PNG', pngHeader(7000, 7000), { type: 'image/png', width: 7000, height: 7000 }],
    ['JPEG with a large APP1 before its frame', jpeg(4032, 3024, 60_000), { type: 'image/jpeg', width: 4032, height: 3024 }],
    ['progressive JPEG (SOF2)', bytes([0xff, 0xd8, 0xff, 0xc2, 0, 17, 8, 0, 10, 0, 20, 3]), { type: 'image/jpeg', width: 20, height: 10 }],
    [
      'WebP VP8X',
      bytes('RIFF', [0, 0, 0, 0], 'WEBP', 'VP8X', [10, 0, 0, 0], [0, 0, 0, 0], le24(1999), le24(999)),
      { type: 'image/webp', width: 2000, height: 1000 },
    ],
    [
      'WebP VP8L',
      bytes(
        'RIFF',
        [0, 0, 0, 0],
        'WEBP',
        'VP8L',
        [5, 0, 0, 0],
        [0x2f],
        [(640 - 1) & 0xff, ((640 - 1) >> 8) | (((480 - 1) & 0x3) << 6), ((480 - 1) >> 2) & 0xff, ((480 - 1) >> 10) & 0xf],
      ),
      { type: 'image/webp', width: 640, height: 480 },
    ],
    [
      'WebP VP8',
      bytes('RIFF', [0, 0, 0, 0], 'WEBP', 'VP8 ', [0, 0, 0, 0], [0, 0, 0], [0x9d, 0x01, 0x2a], le16(300), le16(200)),
      { type: 'image/webp', width: 300, height: 200 },
    ],
    ['GIF', bytes('GIF89a', le16(65535), le16(65535)), { type: 'image/gif', width: 65535, height: 65535 }],
  ])('%s', (_label, data, expected) => {
    expect(readImageInfo(data)).toEqual(expected);
  });

  it.each([
    ['empty', bytes()],
    ['text', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['PNG whose first chunk is not IHDR', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], be32(13), 'tEXt', be32(1), be32(1))],
    ['PNG cut short', pngHeader(10, 10).slice(0, 20)],
    ['JPEG that reaches its scan before a frame', bytes([0xff, 0xd8, 0xff, 0xda, 0, 4, 0, 0])],
    ['JPEG cut inside a segment', jpeg(10, 10).slice(0, 10)],
    ['JPEG with a zero-length segment', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0])],
  ])('refuses %s', (_label, data) => {
    expect(readImageInfo(data)).toBeNull();
  });
});

describe('checkImage', () => {
  it('refuses the 7000 × 7000 signature, naming the limit', () => {
    const result = checkImage('signature', pngHeader(7000, 7000));
    expect(result).toEqual({
      ok: false,
      message: 'The image is 7,000 × 7,000 pixels; signature images may be at most 4,000,000 pixels (for example 2,000 × 2,000) and 4,000 pixels on a side.',
    });
  });

  it('takes a phone signature pad and a 24-megapixel photo, and refuses past each limit', () => {
    expect(checkImage('signature', pngHeader(1170, 600)).ok).toBe(true);
    expect(checkImage('jobPhoto', jpeg(5712, 4284)).ok).toBe(true);
    expect(checkImage('jobPhoto', jpeg(8000, 5000)).ok).toBe(true);
    expect(checkImage('jobPhoto', jpeg(8000, 5001)).ok).toBe(false);
    expect(checkImage('jobPhoto', pngHeader(7000, 7000)).ok).toBe(false);
    expect(checkImage('logo', pngHeader(4001, 10)).ok).toBe(false);
    expect(checkImage('profilePhoto', pngHeader(5000, 5000)).ok).toBe(true);
    expect(checkImage('profilePhoto', pngHeader(5001, 5000)).ok).toBe(false);
    expect(checkImage('jobPhoto', pngHeader(0, 10))).toEqual({ ok: false, message: 'The image has no pixels.' });
    expect(checkImage('jobPhoto', bytes('hello'))).toEqual({ ok: false, message: 'The image could not be read: send a PNG, JPEG, WebP or GIF file.' });
  });

  it('keeps every limit under 200 MB once decoded', () => {
    for (const limit of Object.values(IMAGE_LIMITS)) expect(decodedBytes({ width: limit.maxPixels, height: 1 })).toBeLessThanOrEqual(200_000_000);
  });
});
