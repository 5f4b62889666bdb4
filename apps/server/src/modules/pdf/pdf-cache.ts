/**
 * Rendered PDFs kept in memory (per process, least recently used first out, bounded by bytes), so a second
 * download of an unchanged document does not render again.
 *
 * The key is the exact render input, hashed, not the document's version: the paper prints more than the
 * document's own row. The customer's name, the site address and the contacts come from their own records (a
 * renamed customer leaves every estimate's version as it was); an estimate past its expiry prints as expired
 * without any write; the payments of an invoice are rows of their own; the company's name, logo and brand colour
 * and the tenant's time zone are printed too. Whatever changes what would be printed changes the key, with no
 * writer having to remember the PDF; entries no longer asked for age out.
 */
import { createHash } from 'node:crypto';
import type { DocumentPdfInput } from '@fieldwork/pdf/document-pdf';

export type PdfCache = {
  get: (key: string) => Buffer | undefined;
  set: (key: string, pdf: Buffer) => void;
  stats: () => { entries: number; bytes: number };
};

/** Tenant, kind and id in clear (for reading a heap dump), then the SHA-256 of everything the render reads. */
export function pdfCacheKey(tenantId: string, input: DocumentPdfInput): string {
  const { logo, ...company } = input.company;
  const hash = createHash('sha256').update(JSON.stringify({ kind: input.kind, document: input.document, company, timeZone: input.timeZone }));
  hash.update(logo ? logo.data : new Uint8Array(0));
  return `${tenantId}:${input.kind}:${input.document.id}:${hash.digest('base64url')}`;
}

/** `maxBytes` 0 keeps nothing. */
export function createPdfCache(maxBytes: number): PdfCache {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently used first.
  const entries = new Map<string, Buffer>();
  let bytes = 0;
  return {
    get(key) {
      const pdf = entries.get(key);
      if (pdf) {
        entries.delete(key);
        entries.set(key, pdf);
      }
      return pdf;
    },
    set(key, pdf) {
      if (pdf.byteLength > maxBytes || entries.has(key)) return;
      entries.set(key, pdf);
      bytes += pdf.byteLength;
      for (const [oldest, old] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= old.byteLength;
      }
    },
    stats: () => ({ entries: entries.size, bytes }),
  };
}
