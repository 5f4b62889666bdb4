import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { join } from 'node:path';
import { createDb, type DbHandle } from '@fieldwork/db/connection';
import { buildCustomer, buildTenant, buildUser } from '@fieldwork/testing/factories';
import { invoiceBody, line } from '../modules/billing/billing.fixture.ts';
import { testPasswordHash } from '../test-support/test-app.ts';
import { signIn } from '../ops/ops-database.fixture.ts';
import { ackCount, emptyAcks, halfWritten, missingAcks, staleTotals, type Acks } from './crash-checks.fixture.ts';
import { freshStore, killAllStarted, request, startServer, takeTurn, type Reply, type ServerProcess, type SharedStore } from './server-process.ts';

/**
 * Crash safety: workers write through the HTTP API (jobs, tasks, notes, invoices, payments,
 * schedules — each a business row, its activity row and trigger- or service-kept totals in one transaction)
 * while the server process is killed with SIGKILL at random moments and started again, 25 times. Afterwards
 * every acknowledged write is there, nothing is half-written, every maintained total equals a recomputation and
 * (SQLite) the file passes `pragma integrity_check`. Every restart must come up and answer /api/health; how long
 * it takes is printed with the summary, not asserted (a timing bound fails on a loaded machine, not on a bug).
 * The SQLite stage of `npm test` runs it on a SQLite file, the PostgreSQL stage on a PostgreSQL database.
 */
const KILLS = 25;
const WORKERS = 8;
const kind: 'sqlite' | 'postgres' = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

afterAll(killAllStarted);

describe(`crash safety on ${kind === 'sqlite' ? 'a SQLite file' : 'PostgreSQL'}`, () => {
  it(`keeps every acknowledged write and nothing half-written across ${KILLS} SIGKILLs under load`, async () => {
    const release = await takeTurn();
    let store: SharedStore | undefined;
    let checkHandle: DbHandle | undefined;
    let server: ServerProcess | undefined;
    try {
      store = await freshStore(kind);
      checkHandle = store.handle;
      const db = store.handle.db;
      const tenantId = (await buildTenant(db)).id;
      const admin = await buildUser(db, { tenantId, role: 'Admin', passwordHash: await testPasswordHash() });
      const tech = await buildUser(db, { tenantId, role: 'Technician', passwordHash: await testPasswordHash() });
      const customer = await buildCustomer(db, tenantId);
      // SQLite: the test's own connection is closed while servers die, so each restart recovers the file alone.
      if (kind === 'sqlite') await store.handle.close();

      server = await startServer(store.storage);
      const port = server.port;
      const cookie = await signIn(server.base, admin.email);
      const acks: Acks = emptyAcks();
      const unscheduled: string[] = [];
      const faults: string[] = [];
      let slot = 0;
      let answered = 0;
      let refusedConnections = 0;
      let running = true;

      /** One request; null when the process was down or died before answering (the write is unacknowledged). */
      const send = async (method: string, path: string, body: unknown, allowed: number[] = []): Promise<Reply | null> => {
        let reply: Reply;
        try {
          reply = await request(`http://127.0.0.1:${port}`, method, path, cookie, body);
          answered++;
        } catch {
          refusedConnections++;
          // A client retrying while the process is down, without stealing the restart's CPU.
          await sleep(100);
          return null;
        }
        if (reply.status >= 200 && reply.status < 300) return reply;
        if (!allowed.includes(reply.status)) faults.push(`${method} ${path} → ${reply.status} ${reply.body.slice(0, 300)}`);
        return null;
      };

      const operations: (() => Promise<void>)[] = [
        async () => {
          const r = await send('POST', '/api/jobs', { customerId: customer.id, siteAddressId: customer.addressId, name: 'Crash job' });
          if (r) acks.jobs.push(r.json().data.id);
        },
        async () => {
          const jobId = pick(acks.jobs);
          const r = await send('POST', '/api/tasks', { jobId, name: 'Crash task' });
          if (!r) return;
          acks.tasks.push({ id: r.json().data.id, jobId });
          unscheduled.push(r.json().data.id);
        },
        async () => {
          const jobId = pick(acks.jobs);
          const r = await send('POST', '/api/notes', { noteType: 'Job', note: 'Crash note', jobId });
          if (r) acks.notes.push({ id: r.json().data.id, jobId });
        },
        async () => {
          const jobId = pick(acks.jobs);
          const r = await send('POST', '/api/invoices', invoiceBody({ jobId, mode: 'Send', lines: [line('Service', 1, 100)] }));
          if (r) acks.invoices.push({ id: r.json().data.id, jobId });
        },
        async () => {
          if (!acks.invoices.length) return;
          const { id } = pick(acks.invoices);
          // $7 on $100: the fifteenth is refused (409), as a full invoice should be.
          const r = await send('POST', `/api/invoices/${id}/payments`, { amount: 7, paidOn: '2026-03-02', method: 'CASH' }, [409]);
          if (r) acks.payments.set(id, (acks.payments.get(id) ?? 0) + 1);
        },
        async () => {
          const taskId = unscheduled.pop();
          if (!taskId) return;
          // A slot of its own per attempt, so no schedule conflicts with another.
          const start = Date.parse('2032-01-05T08:00:00.000Z') + slot++ * 3_600_000;
          const r = await send(
            'POST',
            '/api/tasks/schedule',
            {
              taskId,
              startDateTime: new Date(start).toISOString(),
              expectedEndDateTime: new Date(start + 1_800_000).toISOString(),
              isAssigned: true,
              assignedTo: 'TECHNICIAN',
              assignedTechnicianId: tech.id,
            },
            [409],
          );
          if (r) acks.scheduled.push({ taskId, technicianId: tech.id });
        },
      ];
      const worker = async () => {
        while (running) {
          if (acks.jobs.length < 3) await operations[0]!();
          else await pick(operations)();
        }
      };
      const workers = Array.from({ length: WORKERS }, worker);

      const restarts: number[] = [];
      for (let kill = 0; kill < KILLS; kill++) {
        await sleep(300 + Math.random() * 900);
        await server.kill();
        server = await startServer(store.storage, { port });
        restarts.push(server.startedInMs);
      }
      // Some writes on the last restarted process, then a quiet store for the checks.
      await sleep(500);
      running = false;
      await Promise.all(workers);
      await server.stop();

      if (kind === 'sqlite') checkHandle = createDb({ sqliteFile: join((store.storage as { dataDir: string }).dataDir, 'fieldwork.sqlite') });
      const check = checkHandle.db;
      const summary = {
        kills: KILLS,
        answered,
        refusedOrCut: refusedConnections,
        acknowledged: ackCount(acks),
        slowestRestartMs: Math.max(...restarts),
        restartsMs: restarts,
      };
      console.log(`crash safety (${kind}): ${JSON.stringify(summary)}`);

      expect(faults, 'no 5xx and no unexpected refusal').toEqual([]);
      // Writes landed before, between and after the kills: the checks below have something to check.
      expect(acks.jobs.length).toBeGreaterThan(KILLS);
      expect(acks.tasks.length + acks.notes.length + acks.invoices.length).toBeGreaterThan(KILLS);
      expect(await missingAcks(check, tenantId, acks)).toEqual([]);
      expect(await halfWritten(check, tenantId)).toEqual({});
      expect(await staleTotals(check, tenantId)).toEqual({});
      if (kind === 'sqlite') {
        expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(check)).rows).toEqual([{ integrity_check: 'ok' }]);
        expect((await sql`pragma foreign_key_check`.execute(check)).rows).toEqual([]);
      }
      expect(restarts, 'every kill was followed by a restart that answered').toHaveLength(KILLS);
    } finally {
      await server?.stop();
      await checkHandle?.close().catch(() => undefined);
      await store?.drop();
      release();
    }
  }, 900_000);
});
