import { describe, expect, it } from 'vitest';
import { WORK_REQUEST_PHOTO_MESSAGES, WORK_REQUEST_PHOTO_MAX_BYTES, photoSelectionProblem } from './work-request-photos.rules.ts';

const photo = (name: string, size = 1000, type = 'image/jpeg') => ({ name, size, type });

describe('photos on a request for work', () => {
  it.each([
    ['none', [], null],
    [
      'five photos of each accepted kind',
      [photo('a.jpg'), photo('b.png', 10, 'image/png'), photo('c.webp', 10, 'image/webp'), photo('d.jpg'), photo('e.jpg')],
      null,
    ],
    ['a photo exactly at the limit', [photo('big.jpg', WORK_REQUEST_PHOTO_MAX_BYTES)], null],
    ['six photos', Array.from({ length: 6 }, (_, i) => photo(`${i}.jpg`)), WORK_REQUEST_PHOTO_MESSAGES.tooMany],
    ['one byte over the limit', [photo('huge.jpg', WORK_REQUEST_PHOTO_MAX_BYTES + 1)], 'huge.jpg is larger than 25 MB: choose a smaller photo.'],
    ['a PDF', [photo('quote.pdf', 10, 'application/pdf')], 'quote.pdf is not a PNG, JPEG or WebP photo.'],
    ['an SVG', [photo('x.svg', 10, 'image/svg+xml')], 'x.svg is not a PNG, JPEG or WebP photo.'],
  ])('%s', (_label, photos, expected) => {
    expect(photoSelectionProblem(photos)).toBe(expected);
  });
});
