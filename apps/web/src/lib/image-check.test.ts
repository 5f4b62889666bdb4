import { describe, expect, it } from 'vitest';
import { refuseOversizedImage } from './image-check';

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const pngFile = (w: number, h: number) =>
  new File(
    [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...be32(13), 0x49, 0x48, 0x44, 0x52, ...be32(w), ...be32(h), 8, 6, 0, 0, 0])],
    'x.png',
    { type: 'image/png' },
  );

describe('refuseOversizedImage', () => {
  it("refuses a photo past its use's limit with the server's message, before sending it", async () => {
    await expect(refuseOversizedImage(pngFile(7000, 7000), 'jobPhoto')).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^The image is 7,000 × 7,000 pixels; photos may be at most 40,000,000 pixels/),
    });
    await expect(refuseOversizedImage(pngFile(6000, 6000), 'profilePhoto')).rejects.toMatchObject({ statusCode: 400 });
  });

  it('lets images within the limit and files it cannot read through to the server', async () => {
    await expect(refuseOversizedImage(pngFile(4000, 3000), 'jobPhoto')).resolves.toBeUndefined();
    await expect(refuseOversizedImage(new File(['%PDF-1.7'], 'a.pdf', { type: 'application/pdf' }), 'jobPhoto')).resolves.toBeUndefined();
    await expect(refuseOversizedImage(new File(['not really'], 'a.png', { type: 'image/png' }), 'jobPhoto')).resolves.toBeUndefined();
  });
});
