// `npm run bench:reminders` (BENCH_DIALECT=postgres for PostgreSQL): appointment reminders at volume.
// 1. Enqueueing: BENCH_REMINDER_TASKS (10,000) unscheduled tasks of one company (two technicians, 50 customers
//    whose site contacts have mobile numbers) are scheduled one by one, each in its own transaction as the
//    product's schedule write does it: the task row updated, then `visitChanged` (the hook every schedule,
//    assignment and job change calls) queues its reminder. Reported: the hook's own time per task (p50/p95) and
//    the whole write's, and tasks per second. Visits are an hour apart per technician, so reminders spread over
//    the months ahead as in a real calendar.
// 2. Sending: every queued reminder is made due at once (run_at = now) and one real server process (bench/lib.mjs
//    startServer, BACKGROUND_POLL_MS=50, default concurrency 4) sends them through the fake Twilio server of
//    packages/testing on loopback: each reminder is two jobs (visit.notice renders and queues the text; text.send
//    calls Twilio). Timed from the server answering to the last text received; duplicates and rows not 'sent'
//    are counted. Quiet hours are switched off for the run so the clock of the machine does not hold them.
// Writes bench/results/reminders-<dialect>.md. TypeScript is imported: run with `node --import tsx`.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { benchLogin, createBenchDatabase, ensurePostgresCluster, openBenchCompany, fmtMs, ROOT, seedBenchDatabase, startServer } from './lib.mjs';

const SECRET_KEY = 'bench-reminders-secret-key-0123456789abcdef';
const POLL_MS = 50;
const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] : null);

async function productModules() {
  const [conn, scope, factories, notices, prefsRepo, twilio, planFactories] = await Promise.all([
    import('@fieldwork/db/connection'),
    import('@fieldwork/db/tenant-scope'),
    import('../packages/testing/src/factories.ts'),
    import('../apps/server/src/modules/visit-notices/visit-notices.service.ts'),
    import('../apps/server/src/modules/texts/text-preferences.repository.ts'),
    import('../packages/testing/src/twilio-test-server.ts'),
    import('../packages/testing/src/plan-factories.ts'),
  ]);
  return { ...conn, ...scope, ...factories, ...notices, ...prefsRepo, ...twilio, ...planFactories };
}

async function connectTwilio(m, env, fake) {
  const creds = { accountSid: `AC${randomBytes(16).toString('hex')}`, authToken: randomBytes(16).toString('hex') };
  fake.addAccount(creds);
  const server = await startServer(env, { TWILIO_API_URL: fake.url, SECRET_KEY, BACKGROUND_POLL_MS: '0' });
  try {
    const cookie = await benchLogin(server.base);
    const res = await fetch(server.base + '/api/company/texts', {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'twilio', ...creds, fromNumber: '+12015550100', country: 'US' }),
    });
    if (!res.ok) throw new Error(`connect Twilio: ${res.status} ${await res.text()}`);
  } finally {
    await server.stop();
  }
}

/** Customers with textable site contacts, jobs, and `count` unscheduled tasks; answers the task ids and technicians. */
async function seedVisits(m, db, tenantId, count) {
  const techs = (await db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('role', '=', 'Technician').limit(2).execute()).map(
    (r) => r.id,
  );
  if (techs.length < 2) throw new Error('the bench company needs two technicians');
  const jobs = [];
  for (let c = 0; c < 50; c++) {
    const customer = await m.buildCustomer(db, tenantId);
    await db
      .updateTable('customer_contacts')
      .set({ mobile_number: `+1201555${String(1000 + c)}` })
      .where('id', '=', customer.contactId)
      .execute();
    for (let j = 0; j < 4; j++) {
      const job = await m.buildJob(db, tenantId, { customer });
      await db.updateTable('jobs').set({ site_contact_id: customer.contactId }).where('id', '=', job.id).execute();
      jobs.push(job.id);
    }
  }
  const tasks = [];
  for (let i = 0; i < count; i++) tasks.push((await m.buildTask(db, tenantId, { jobId: jobs[i % jobs.length], startAt: null })).id);
  // Quiet hours off: the machine's clock must not hold the run.
  await m.saveTextPreferencesRow(db, m.textPreferencesRow(tenantId, { quiet_hours_on: 0 }));
  return { tasks, techs };
}

/** Each task scheduled in its own transaction, as the schedule write does; the hook timed inside it. */
async function enqueueAll(m, db, tenantId, visits) {
  const hook = [];
  const write = [];
  const start = Date.now() + 2 * 86_400_000;
  const t0 = performance.now();
  for (let i = 0; i < visits.tasks.length; i++) {
    const id = visits.tasks[i];
    const tech = visits.techs[i % 2];
    const at = new Date(start + Math.floor(i / 2) * 3_600_000);
    const w0 = performance.now();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('tasks')
        .set((eb) => ({
          schedule_id: id,
          start_at: at.toISOString(),
          expected_end_at: new Date(at.getTime() + 3_600_000).toISOString(),
          assigned_to: 'TECHNICIAN',
          assigned_user_id: tech,
          assignee_key: tech,
          schedule_version: eb('schedule_version', '+', 1),
          version: eb('version', '+', 1),
        }))
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
      const h0 = performance.now();
      await m.visitChanged(trx, tenantId, id, { lifecycle: 'OPEN', startAt: null, assigneeKey: null });
      hook.push(performance.now() - h0);
    });
    write.push(performance.now() - w0);
  }
  const seconds = (performance.now() - t0) / 1000;
  hook.sort((a, b) => a - b);
  write.sort((a, b) => a - b);
  const queued = await db
    .selectFrom('background_jobs')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'visit.notice')
    .where('state', '=', 'queued')
    .executeTakeFirstOrThrow();
  return {
    tasks: visits.tasks.length,
    seconds,
    perSecond: visits.tasks.length / seconds,
    hook: { p50: pct(hook, 0.5), p95: pct(hook, 0.95) },
    write: { p50: pct(write, 0.5), p95: pct(write, 0.95) },
    queued: Number(queued.n),
  };
}

async function sendAll(m, env, db, tenantId, fake, expected) {
  await db
    .updateTable('background_jobs')
    .set({ run_at: new Date().toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'visit.notice')
    .execute();
  const server = await startServer(env, { TWILIO_API_URL: fake.url, SECRET_KEY, BACKGROUND_POLL_MS: String(POLL_MS) });
  // From the server answering: its worker starts as it listens, so the few jobs run before this count as free.
  const t0 = performance.now();
  try {
    await fake.waitFor(expected, 30 * 60_000);
    const seconds = (performance.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 1000));
    const states = await db
      .selectFrom('text_messages')
      .select(['status', (eb) => eb.fn.countAll().as('n')])
      .where('tenant_id', '=', tenantId)
      .groupBy('status')
      .execute();
    const perTask = await db
      .selectFrom('text_messages')
      .select(['task_id', (eb) => eb.fn.countAll().as('n')])
      .where('tenant_id', '=', tenantId)
      .groupBy('task_id')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    return {
      texts: fake.received.length,
      seconds,
      perSecond: expected / seconds,
      duplicates: perTask.length,
      states: Object.fromEntries(states.map((s) => [s.status, Number(s.n)])),
    };
  } finally {
    await server.stop();
  }
}

export async function measureReminders({ dialect, log = console.log }) {
  const count = Number(process.env.BENCH_REMINDER_TASKS ?? 10_000);
  const m = await productModules();
  const database = await createBenchDatabase(dialect);
  const fake = await m.startFakeTwilio();
  const load0 = loadavg()[0];
  try {
    await seedBenchDatabase(database.env, { BENCH_JOBS: '0', BENCH_CUSTOMERS: '10', BENCH_TECHS: '2', BENCH_SUBS: '0' });
    await connectTwilio(m, database.env, fake);
    const { handle, tenantId } = await openBenchCompany(m.createDb, database.env);
    try {
      return await m.withTenant(tenantId, async () => {
        const s0 = performance.now();
        const visits = await seedVisits(m, handle.db, tenantId, count);
        log(`reminders: ${count} unscheduled tasks seeded in ${((performance.now() - s0) / 1000).toFixed(1)} s`);
        const enqueue = await enqueueAll(m, handle.db, tenantId, visits);
        log(
          `reminders: ${enqueue.tasks} tasks scheduled in ${enqueue.seconds.toFixed(1)} s (${enqueue.perSecond.toFixed(0)}/s); the hook p50 ${fmtMs(enqueue.hook.p50, 2)} ms, p95 ${fmtMs(enqueue.hook.p95, 2)} ms; the whole write p50 ${fmtMs(enqueue.write.p50, 2)} ms, p95 ${fmtMs(enqueue.write.p95, 2)} ms; ${enqueue.queued} reminders queued`,
        );
        const send = await sendAll(m, database.env, handle.db, tenantId, fake, enqueue.queued);
        log(
          `reminders: ${send.texts} texts received in ${send.seconds.toFixed(1)} s (${send.perSecond.toFixed(1)} reminders/s, two jobs each); ${send.duplicates} tasks texted twice; states ${JSON.stringify(send.states)}`,
        );
        return { dialect, count, enqueue, send, loadavg: [load0, loadavg()[0]] };
      });
    } finally {
      await handle.close();
    }
  } finally {
    await fake.close();
    await database.cleanup();
  }
}

export function remindersMarkdown(r) {
  const name = r.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite';
  return [
    `# Appointment reminders at volume (${name})`,
    '',
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')}; one server process, the fake Twilio server and the load generator on the same machine; load average ${r.loadavg.map((x) => x.toFixed(1)).join(' → ')}.`,
    '',
    '## Enqueueing',
    '',
    `${r.count.toLocaleString('en-US')} tasks scheduled one by one, each in its own transaction (the task row, then the reminder queued by the hook every schedule change calls).`,
    '',
    '| tasks | seconds | tasks/s | hook p50 ms | hook p95 ms | whole write p50 ms | whole write p95 ms | reminders queued |',
    '|---|---|---|---|---|---|---|---|',
    `| ${r.enqueue.tasks} | ${r.enqueue.seconds.toFixed(1)} | ${r.enqueue.perSecond.toFixed(0)} | ${fmtMs(r.enqueue.hook.p50, 2)} | ${fmtMs(r.enqueue.hook.p95, 2)} | ${fmtMs(r.enqueue.write.p50, 2)} | ${fmtMs(r.enqueue.write.p95, 2)} | ${r.enqueue.queued} |`,
    '',
    '## Sending',
    '',
    `Every reminder made due at once; the server's worker (BACKGROUND_POLL_MS=${POLL_MS}, concurrency 4) renders each (visit.notice) and sends it (text.send) to the fake Twilio server on loopback. Timed from the server answering to the last text received.`,
    '',
    '| reminders | seconds | reminders/s | tasks texted twice | text states |',
    '|---|---|---|---|---|',
    `| ${r.send.texts} | ${r.send.seconds.toFixed(1)} | ${r.send.perSecond.toFixed(1)} | ${r.send.duplicates} | ${Object.entries(r.send.states)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')} |`,
    '',
  ].join('\n');
}

if (import.meta.filename === process.argv[1]) {
  const dialect = process.env.BENCH_DIALECT ?? 'sqlite';
  // Re-run under scripts/with-postgres.sh with tsx kept (execArgv), when no cluster is up yet.
  if (dialect === 'postgres') ensurePostgresCluster([...process.execArgv, ...process.argv.slice(1)]);
  const r = await measureReminders({ dialect, log: (...a) => console.log(`[reminders ${dialect}]`, ...a) });
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, `bench/results/reminders-${dialect}.md`), remindersMarkdown(r));
  console.log('\n' + remindersMarkdown(r));
  process.exit(0);
}
