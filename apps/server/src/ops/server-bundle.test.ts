import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { createDb } from '@fieldwork/db/connection';
import { migrationNames } from '@fieldwork/db/migrate';
import { sampleInvoice } from '@fieldwork/pdf/document-pdf.fixture';
import { describe, expect, it } from 'vitest';
import type { RenderReply } from '../modules/pdf/pdf-render.worker.ts';
import { REPO_ROOT, SERVER_BUNDLE, startServer } from './server-process.fixture.ts';

/**
 * `npm start` runs the esbuild bundle, not the TypeScript sources: everything the server loads at run time by
 * path (the migrations, the PDF render thread, pdfkit's font metrics, the npm packages left external) must still
 * resolve from apps/server/dist/.
 */
describe('the built server (apps/server/dist/server.mjs)', () => {
  it('starts on an empty SQLite directory, migrates it to the latest migration and answers /api/ready', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fw-bundle-'));
    try {
      const server = await startServer({ dataDir });
      try {
        expect(server.child.spawnargs).toContain(SERVER_BUNDLE);
        const ready = await fetch(server.base + '/api/ready');
        expect(ready.status).toBe(200);
      } finally {
        expect(await server.stop()).toBe(0);
      }
      const handle = createDb({ sqliteFile: join(dataDir, 'fieldwork.sqlite') });
      try {
        const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db);
        expect(applied.rows.map((r) => r.name)).toEqual(migrationNames());
      } finally {
        await handle.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('renders a PDF in the bundled render thread, the file pdf-pool.ts starts next to the server bundle', async () => {
    const worker = new Worker(join(REPO_ROOT, 'apps/server/dist/pdf-render.worker-entry.mjs'), { workerData: { holdGate: null } });
    try {
      const replies: RenderReply[] = [];
      const done = new Promise<RenderReply>((resolve, reject) => {
        worker.on('error', reject);
        worker.on('message', (reply: RenderReply) => {
          replies.push(reply);
          if (reply.type === 'ready')
            worker.postMessage({ id: 1, input: { kind: 'invoice', document: sampleInvoice(3), company: { name: 'Acme' }, timeZone: 'UTC' } });
          else resolve(reply);
        });
      });
      const reply = await done;
      expect(replies[0]).toEqual({ type: 'ready' });
      if (reply.type !== 'done') throw new Error(`render failed: ${JSON.stringify(reply)}`);
      expect(Buffer.from(reply.pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } finally {
      await worker.terminate();
    }
  });
});
