/** A PDF render thread (pdf-pool.ts): one render at a time, its input and output passed as messages. */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { renderDocumentPdf, type DocumentPdfInput } from '@fieldwork/pdf/document-pdf';

export type RenderRequest = { id: number; input: DocumentPdfInput };
export type RenderReply = { type: 'ready' } | { type: 'done'; id: number; pdf: Uint8Array } | { type: 'failed'; id: number; message: string };

/**
 * Rendering yields the CPU to the thread that answers requests: on Linux the nice value belongs to each thread
 * (setpriority on the thread's own id), so when both want a core the requests go first and PDFs take the rest.
 * Elsewhere the thread keeps the normal priority; the pool's size still leaves the request thread a core.
 */
const RENDER_NICE = 10;
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), RENDER_NICE);
} catch {
  // no /proc/thread-self: not Linux
}

const port = parentPort!;
const holdGate = workerData?.holdGate ? new Int32Array(workerData.holdGate as SharedArrayBuffer) : null;

port.on('message', async ({ id, input }: RenderRequest) => {
  if (holdGate) while (Atomics.load(holdGate, 0) === 1) Atomics.wait(holdGate, 0, 1);
  try {
    const pdf = await renderDocumentPdf(input);
    // A copy of exactly the PDF's bytes is transferred, not the (possibly shared, pooled) memory behind the Buffer.
    const bytes = new Uint8Array(pdf.byteLength);
    bytes.set(pdf);
    port.postMessage({ type: 'done', id, pdf: bytes } satisfies RenderReply, [bytes.buffer]);
  } catch (error) {
    port.postMessage({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) } satisfies RenderReply);
  }
});

port.postMessage({ type: 'ready' } satisfies RenderReply);
