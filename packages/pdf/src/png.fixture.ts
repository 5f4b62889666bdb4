/** PNG files built in code for tests, so no binary fixture is needed. */
import { crc32, createDeflate, deflateSync } from 'node:zlib';

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** length, type, data, CRC of type and data */
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), body, u32(crc32(body))]);
}

/** colour type 0: greyscale, 6: RGBA; 8 bits per sample. */
function png(width: number, height: number, colorType: 0 | 6, idat: Buffer): Buffer {
  const ihdr = Buffer.concat([u32(width), u32(height), Buffer.from([8, colorType, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real 2×2 grey PNG (the signature pad's format). */
export function tinyPng(): Buffer {
  return png(2, 2, 0, deflateSync(Buffer.from([0, 0x40, 0x80, 0, 0xc0, 0xff])));
}

export const pngDataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

/**
 * A width × height RGBA PNG of zeros: tiny on disk (7000 × 7000 is ~190 KB, under the approval's 200 KB limit)
 * and width × height × 4 bytes once decoded. Deflated one scanline at a time, so building it stays small too.
 */
export async function zeroPng(width: number, height: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const scanline = Buffer.alloc(1 + width * 4); // filter byte 0, then the pixels
  for (let y = 0; y < height; y++) if (!deflate.write(scanline)) await new Promise((r) => deflate.once('drain', r));
  deflate.end();
  await done;
  return png(width, height, 6, Buffer.concat(out));
}
