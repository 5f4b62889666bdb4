import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gifImage, jpegImage, pngImage, webpImage } from '@fieldwork/testing/image-samples';

/** Tests only: sample files and a hand-built multipart body (the raw file name goes out exactly as given). */
export const SAMPLES = {
  png: pngImage(12, 8),
  jpeg: jpegImage(4032, 3024),
  webp: webpImage(640, 480),
  gif: gifImage(32, 32),
  pdf: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
  zip: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('[Content_Types].xml'), Buffer.alloc(60, 0)]),
  ole: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(120, 0)]),
  csv: Buffer.from('name,amount\nBoiler,120.50\nCafé filter,9.99\n'),
  text: Buffer.from('Customer prefers morning visits.\n'),
  html: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(120, 0x90)]),
  shell: Buffer.from('#!/bin/sh\nrm -rf /\n'),
} as const;

export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export function multipart(filename: string, contentType: string, data: Buffer, fieldName = 'file') {
  const boundary = '----fw' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="`),
    Buffer.from(filename, 'utf8'),
    Buffer.from(`"\r\nContent-Type: ${contentType}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Names in a tenant's media folder (none when the folder does not exist). */
export async function filesOf(mediaDir: string, tenantId: string): Promise<string[]> {
  return readdir(join(mediaDir, tenantId)).catch(() => []);
}
