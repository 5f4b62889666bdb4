import { beforeAll, describe, expect, it } from 'vitest';
import type { Estimate } from '@fieldwork/domain/billing/estimates.schemas';
import { renderDocumentPdf, type PdfCompany } from './document-pdf.ts';
import { sampleEstimate } from './document-pdf.fixture.ts';
import { contentStreams, drawnLines } from './pdf-content.fixture.ts';
import { pngDataUrl, tinyPng, zeroPng } from './png.fixture.ts';

const hasImage = (pdf: Buffer) => pdf.toString('latin1').includes('/Subtype /Image');
const estimate = (company: PdfCompany, approval: Estimate['approval'] = null) =>
  renderDocumentPdf({ kind: 'estimate', document: sampleEstimate(2, { approval }), company, timeZone: 'UTC' });

/** 7000 × 7000 RGBA zeros: ~190 KB stored, ~196 MB once decoded. */
let bomb: Buffer;
beforeAll(async () => {
  bomb = await zeroPng(7000, 7000);
});

describe('images in a PDF are checked before anything decodes them', () => {
  it('a stored 7000 × 7000 signature is not decoded: the approval prints with "could not be shown"', async () => {
    expect(bomb.length).toBeLessThan(200_000);
    const approval: NonNullable<Estimate['approval']> = {
      decision: 'APPROVED',
      signerName: 'Carla',
      signedAt: '2026-03-01T15:00:00.000Z',
      signerIp: null,
      comment: null,
      signature: pngDataUrl(bomb),
    };
    const pdf = await estimate({ name: 'Acme' }, approval);
    expect(hasImage(pdf)).toBe(false);
    const lines = drawnLines(pdf);
    for (const expected of ['Customer Approval', 'Signature image could not be shown.', 'Carla']) expect(lines).toContain(expected);
  });

  it('draws a small PNG logo, and leaves out a bomb, a GIF and bytes that are no image, keeping the rest of the header', async () => {
    expect(hasImage(await estimate({ name: 'Acme', logo: { data: tinyPng() } }))).toBe(true);
    const gif = Buffer.from('GIF89a\x10\x00\x10\x00\x00\x00\x00', 'latin1');
    for (const data of [bomb, gif, Buffer.from('not an image')]) {
      const pdf = await estimate({ name: 'Acme', logo: { data } });
      expect(hasImage(pdf)).toBe(false);
      expect(drawnLines(pdf).slice(0, 2)).toEqual(['Acme', 'ESTIMATE']);
    }
  });

  it('the brand colour draws the title and the table header band; anything but #rrggbb is ignored', async () => {
    const fill = (hex: string) => `${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).join(' ')} scn`;
    const branded = contentStreams(await estimate({ name: 'Acme', brandColor: '#1d4ed8' }));
    expect(branded.split(fill('#1d4ed8')).length - 1).toBeGreaterThanOrEqual(2);
    const plain = contentStreams(await estimate({ name: 'Acme', brandColor: 'red; drop' }));
    expect(plain).not.toContain(fill('#ff0000'));
    expect(plain).toContain(fill('#eeeeee')); // the neutral band
  });
});
