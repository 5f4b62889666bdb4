#!/usr/bin/env node
// Draws the installable app's icons (the sidebar's mark: a white "F" on the primary blue) into
// apps/web/public/icons/ with node:zlib alone, so they are made here and never downloaded.
// Run again after changing the mark or the colour: node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const outDir = join(root, 'apps/web/public/icons');

// --color-primary in apps/web/src/styles.css.
const BLUE = [0x25, 0x63, 0xeb];
const WHITE = [0xff, 0xff, 0xff];

// The "F" of the favicon in index.html, on its 32-unit grid: M10 8h12v3h-9v4h8v3h-8v6h-3z.
const F_RECTS = [
  [10, 8, 22, 11],
  [10, 8, 13, 24],
  [10, 15, 21, 18],
];

const inF = (u, v) => F_RECTS.some(([x0, y0, x1, y1]) => u >= x0 && u < x1 && v >= y0 && v < y1);

function inRoundedSquare(u, v, radius) {
  if (u < 0 || v < 0 || u >= 32 || v >= 32) return false;
  const cx = Math.min(Math.max(u, radius), 32 - radius);
  const cy = Math.min(Math.max(v, radius), 32 - radius);
  return (u - cx) ** 2 + (v - cy) ** 2 <= radius ** 2;
}

/**
 * One icon of size × size. `radius` rounds the blue square's corners (0: full bleed, as maskable and Apple icons
 * must be opaque to the edge); `scale` shrinks the F about the centre (maskable icons keep it inside the safe circle).
 */
function drawIcon(size, { radius, scale }) {
  const SS = 4; // 4 × 4 samples per pixel smooth the edges
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 4 + 1);
    for (let x = 0; x < size; x++) {
      let blue = 0;
      let white = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const u = ((x + (sx + 0.5) / SS) / size) * 32;
          const v = ((y + (sy + 0.5) / SS) / size) * 32;
          if (!inRoundedSquare(u, v, radius)) continue;
          if (inF(16 + (u - 16) / scale, 16 + (v - 16) / scale)) white++;
          else blue++;
        }
      }
      const covered = blue + white;
      const at = row + 1 + x * 4;
      if (covered === 0) continue;
      for (let c = 0; c < 3; c++) raw[at + c] = Math.round((BLUE[c] * blue + WHITE[c] * white) / covered);
      raw[at + 3] = Math.round((covered / (SS * SS)) * 255);
    }
  }
  return png(size, size, raw);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** An 8-bit RGBA PNG from filtered scanlines (filter byte 0 then width × RGBA per row). */
function png(width, height, raw) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const ICONS = [
  // Launchers draw these as they are: the favicon's rounded square.
  ['icon-192.png', 192, { radius: 6, scale: 1 }],
  ['icon-512.png', 512, { radius: 6, scale: 1 }],
  // Launchers crop maskable icons to their own shape, keeping the centre circle of 80 %: full bleed, smaller F.
  ['icon-512-maskable.png', 512, { radius: 0, scale: 0.75 }],
  // iOS rounds the corners itself and shows transparency as black: full bleed.
  ['apple-touch-icon-180.png', 180, { radius: 0, scale: 0.9 }],
];

mkdirSync(outDir, { recursive: true });
for (const [name, size, options] of ICONS) {
  const file = join(outDir, name);
  writeFileSync(file, drawIcon(size, options));
  console.log(`${file.slice(root.length + 1)} ${size}×${size}`);
}
