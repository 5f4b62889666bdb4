/**
 * The app's PDF renderer: the cache first, then one render per distinct input however many ask for it at once
 * (eight clicks on one download wait for the same render), then the worker pool with its per-company admission.
 */
import type { DocumentPdfInput } from '@fieldwork/pdf/document-pdf';
import { createPdfCache, pdfCacheKey } from './pdf-cache.ts';
import { createPdfPool, type PdfPoolOptions, type PdfPoolStats } from './pdf-pool.ts';

export type PdfRendererOptions = PdfPoolOptions & { cacheBytes: number };
export type PdfRendererStats = PdfPoolStats & { cacheHits: number; cacheEntries: number; cacheBytes: number };

export type PdfRenderer = {
  render: (tenantId: string, input: DocumentPdfInput) => Promise<Buffer>;
  stats: () => PdfRendererStats;
  close: () => Promise<void>;
};

export function createPdfRenderer(options: PdfRendererOptions): PdfRenderer {
  const pool = createPdfPool(options);
  const cache = createPdfCache(options.cacheBytes);
  const rendering = new Map<string, Promise<Buffer>>();
  let cacheHits = 0;
  return {
    render(tenantId, input) {
      const key = pdfCacheKey(tenantId, input);
      const cached = cache.get(key);
      if (cached) {
        cacheHits++;
        return Promise.resolve(cached);
      }
      let pending = rendering.get(key);
      if (!pending) {
        pending = pool.render(tenantId, input).then((pdf) => (cache.set(key, pdf), pdf));
        rendering.set(key, pending);
        void pending.then(
          () => rendering.delete(key),
          () => rendering.delete(key),
        );
      }
      return pending;
    },
    stats: () => {
      const { entries, bytes } = cache.stats();
      return { ...pool.stats(), cacheHits, cacheEntries: entries, cacheBytes: bytes };
    },
    close: () => pool.close(),
  };
}
