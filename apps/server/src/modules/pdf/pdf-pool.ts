/**
 * PDFs render on worker threads, never on the thread that answers requests: a render is pure CPU (pdfkit lays
 * out and compresses every page), and on the request thread 8 large renders from one company held every other
 * company's requests for seconds.
 *
 * Admission is per company so one company cannot take the pool from the others: a company has at most
 * `rendersPerCompany` renders in flight (rendering, or holding the next turn on a free worker) and at most
 * `queuePerCompany` more waiting behind them; all companies together at most `queueTotal` waiting. Past either
 * bound the answer is 429 with Retry-After at once rather than a request that hangs. A free worker takes the
 * company with the fewest renders on workers, then the one served longest ago, so a company that asks for one PDF
 * is not queued behind another's batch.
 *
 * A worker that crashes, runs out of memory or passes `renderTimeoutMs` on one render is ended and replaced;
 * that request gets 503 and the next one a fresh worker. Workers start on first use and end with the pool.
 */
import { Worker } from 'node:worker_threads';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import type { DocumentPdfInput } from '@fieldwork/pdf/document-pdf';
import type { RenderReply, RenderRequest } from './pdf-render.worker.ts';

export type PdfPoolOptions = {
  workers: number;
  rendersPerCompany: number;
  queuePerCompany: number;
  queueTotal: number;
  renderTimeoutMs: number;
  /**
   * Tests only: while the first Int32 of this buffer is 1, a worker blocks before each render (Atomics.wait),
   * exactly as a worker busy with a long render would, until the test stores 0 and notifies.
   */
  holdGate?: SharedArrayBuffer;
  /** Where a worker's own failure (an uncaught exception, running out of memory) is reported. */
  logError?: (error: Error) => void;
};

/** `renders`: renders completed since start, so a test can tell a cached answer from a new render. */
export type PdfPoolStats = { renders: number; inFlight: number; waiting: number; workers: number; replaced: number };

export type PdfPool = {
  render: (tenantId: string, input: DocumentPdfInput) => Promise<Buffer>;
  stats: () => PdfPoolStats;
  close: () => Promise<void>;
};

type Job = { id: number; tenantId: string; input: DocumentPdfInput; resolve: (pdf: Buffer) => void; reject: (error: Error) => void };
type Company = { onWorkers: number; waiting: Job[]; lastServed: number };
type Slot = { worker: Worker; ready: boolean; job: Job | null; startedAt: number; timer: NodeJS.Timeout | null; timedOut: boolean };

/**
 * The render thread's entry, next to this module. Under tsx (tests, `npm run dev:server`) it is the source entry
 * that registers tsx, whose loader a worker thread does not inherit; in the bundle `npm start` runs
 * (scripts/build-server.mjs) it is the render thread built to that same name next to server.mjs.
 */
const WORKER_ENTRY = new URL('./pdf-render.worker-entry.mjs', import.meta.url);

/** Heap of one render thread; the largest document (60 pages) needs a small part of it. */
const WORKER_HEAP_MB = 256;

const TIMED_OUT = 'This PDF took too long to prepare and was stopped. Please try again.';
const CRASHED = 'This PDF could not be prepared. Please try again.';
const COMPANY_BUSY = 'Too many PDFs are being prepared for your company. Try again in a few seconds.';
const SERVER_BUSY = 'The server is busy preparing PDFs. Try again in a few seconds.';

export function createPdfPool(options: PdfPoolOptions): PdfPool {
  const slots: Slot[] = [];
  const companies = new Map<string, Company>();
  let waitingTotal = 0;
  let nextId = 1;
  let serveCount = 0;
  let renders = 0;
  let replaced = 0;
  let closed = false;
  /** Recent render time, for a Retry-After that means something. */
  let averageMs = 1000;

  const companyOf = (tenantId: string): Company => {
    let c = companies.get(tenantId);
    if (!c) companies.set(tenantId, (c = { onWorkers: 0, waiting: [], lastServed: 0 }));
    return c;
  };

  /** Seconds until the work ahead of a refused request is likely done. */
  const retryAfter = (ahead: number): Record<string, string> => {
    const parallel = Math.max(1, Math.min(options.workers, options.rendersPerCompany));
    return { 'retry-after': String(Math.min(60, Math.max(1, Math.ceil((ahead * averageMs) / parallel / 1000)))) };
  };

  /** The next job for a free worker: fewest renders on workers first, then the company served longest ago. */
  function nextJob(): Job | null {
    let best: Company | null = null;
    for (const c of companies.values()) {
      if (!c.waiting.length || c.onWorkers >= options.rendersPerCompany) continue;
      if (!best || c.onWorkers < best.onWorkers || (c.onWorkers === best.onWorkers && c.lastServed < best.lastServed)) best = c;
    }
    if (!best) return null;
    best.onWorkers++;
    best.lastServed = ++serveCount;
    waitingTotal--;
    return best.waiting.shift()!;
  }

  function dispatch(): void {
    for (const slot of slots) {
      if (!slot.ready || slot.job) continue;
      const job = nextJob();
      if (!job) break;
      slot.job = job;
      slot.startedAt = performance.now();
      slot.timer = setTimeout(() => {
        slot.timedOut = true;
        void slot.worker.terminate();
      }, options.renderTimeoutMs);
      slot.worker.postMessage({ id: job.id, input: job.input } satisfies RenderRequest);
    }
    // Workers start on first use, as many as the waiting work needs, up to the pool's size.
    let free = slots.filter((s) => !s.job).length;
    while (!closed && waitingTotal > free && slots.length < options.workers) {
      spawn();
      free++;
    }
    // A worker starting or rendering keeps the process alive; an idle one does not (nor a forgotten pool).
    for (const s of slots) {
      if (s.job || !s.ready) s.worker.ref();
      else s.worker.unref();
    }
  }

  function finish(slot: Slot): Job | null {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    if (job) {
      const c = companyOf(job.tenantId);
      c.onWorkers--;
      if (!c.onWorkers && !c.waiting.length) companies.delete(job.tenantId);
    }
    return job;
  }

  /** Everything waiting fails at once rather than hanging. */
  function failWaiting(error: AppError): void {
    for (const [tenantId, c] of companies) {
      for (const job of c.waiting.splice(0)) job.reject(error);
      if (!c.onWorkers) companies.delete(tenantId);
    }
    waitingTotal = 0;
  }

  function spawn(): void {
    const slot: Slot = {
      // The heap cap turns a runaway render into a replaced worker and a 503 instead of the server's memory.
      worker: new Worker(WORKER_ENTRY, { workerData: { holdGate: options.holdGate ?? null }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } }),
      ready: false,
      job: null,
      startedAt: 0,
      timer: null,
      timedOut: false,
    };
    slots.push(slot);
    slot.worker.on('message', (reply: RenderReply) => {
      if (reply.type === 'ready') {
        slot.ready = true;
      } else {
        averageMs = 0.8 * averageMs + 0.2 * (performance.now() - slot.startedAt);
        const job = finish(slot);
        if (job && reply.type === 'done') {
          renders++;
          job.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
        } else if (job && reply.type === 'failed') job.reject(new Error(`PDF render failed: ${reply.message}`));
      }
      dispatch();
    });
    // 'error' (an uncaught exception, out of memory) is always followed by 'exit', which does the rest.
    slot.worker.on('error', (error) => options.logError?.(error));
    slot.worker.on('exit', () => {
      slots.splice(slots.indexOf(slot), 1);
      const job = finish(slot);
      if (closed) return job?.reject(new AppError('UNAVAILABLE', CRASHED));
      replaced++;
      job?.reject(new AppError('UNAVAILABLE', slot.timedOut ? TIMED_OUT : CRASHED, { headers: { 'retry-after': '1' } }));
      // A thread that died before it could take work, with none running: the next would likely die the same way.
      if (!slot.ready && !slots.some((s) => s.ready)) failWaiting(new AppError('UNAVAILABLE', CRASHED, { headers: { 'retry-after': '5' } }));
      dispatch();
    });
  }

  return {
    render(tenantId, input) {
      if (closed) return Promise.reject(new AppError('UNAVAILABLE', CRASHED));
      const known = companies.get(tenantId);
      const admitted = known ? known.onWorkers + known.waiting.length : 0;
      if (admitted >= options.rendersPerCompany + options.queuePerCompany)
        return Promise.reject(new AppError('RATE_LIMITED', COMPANY_BUSY, { headers: retryAfter(admitted) }));
      if (waitingTotal >= options.queueTotal)
        return Promise.reject(new AppError('RATE_LIMITED', SERVER_BUSY, { headers: retryAfter(waitingTotal + slots.length) }));
      return new Promise<Buffer>((resolve, reject) => {
        companyOf(tenantId).waiting.push({ id: nextId++, tenantId, input, resolve, reject });
        waitingTotal++;
        dispatch();
      });
    },
    stats: () => ({
      renders,
      inFlight: slots.filter((s) => s.job).length,
      waiting: waitingTotal,
      workers: slots.length,
      replaced,
    }),
    async close() {
      closed = true;
      failWaiting(new AppError('UNAVAILABLE', CRASHED));
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
