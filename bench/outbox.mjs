// `npm run bench:outbox`: the outbox (background_jobs + the email handler) and the Send request.
// 1. Jobs per second through the queue: BENCH_OUTBOX_EMAILS (2,000) emails queued as the product queues them
//    (queueEmail from apps/server/src/modules/messages/messages.service.ts, in one transaction, through the
//    server's own role on PostgreSQL) while one real server process (bench/lib.mjs startServer) with
//    BACKGROUND_POLL_MS=50 delivers them over SMTP to a real SMTP server on loopback in this process
//    (packages/testing's startTestSmtpServer); timed from the commit that queued them to the last email received.
//    Once with the default BACKGROUND_CONCURRENCY (4), once with 8 (BENCH_OUTBOX_CONCURRENCY=4,8 to change); a fresh
//    server process and SMTP server each time. Beside it the SMTP bound: concurrency × 1000 ÷ one email's SMTP
//    dialogue alone (nodemailer straight to a test SMTP server from this process), what the workers could reach if
//    the queue and the database cost nothing.
// 2. POST /api/invoices/{id}/send p50/p95 without a body (the invoice is marked sent) and with
//    { email: { to: ['client@example.com'] } } (also queues the email, whose invoice PDF is rendered when it goes
//    out): BENCH_OUTBOX_SENDS (500) draft invoices of 10 lines each per variant, created first, then sent one after
//    another on one keep-alive connection, interleaved (without, with, without, …) so machine load hits both alike,
//    after BENCH_OUTBOX_WARMUP (20) pairs not counted. The server runs with the product's background defaults and
//    SMTP_URL pointing at the SMTP server here, so the emails really go out during the run (the worker runs in the
//    server process). Target: with-email p95 ≤ without-email p95 + 5 ms. BENCH_OUTBOX_DELIVER=0 runs these rows with
//    the worker off (the emails stay queued), to tell the requests' own cost from the delivery running beside them;
//    BENCH_OUTBOX_CONCURRENCY= (empty) skips the throughput part, BENCH_OUTBOX_SENDS=0 this one.
// BENCH_DIALECT=postgres runs on a throwaway cluster. `measureOutbox` is the measuring part (bench/run.mjs calls it
// per dialect; it makes its own small database). Standalone writes bench/results/outbox-<dialect>.md
// (outbox-<dialect>-worker-off.md with BENCH_OUTBOX_DELIVER=0).
// TypeScript is imported: run it with `node --import tsx` (as the npm script does).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { benchLogin, createBenchDatabase, ensurePostgresCluster, fmtMs, fmtRow, openSql, ROOT, seedBenchDatabase, startServer } from './lib.mjs';

export const OUTBOX_SECRET_KEY = 'bench-outbox-secret-key-0123456789abcdef';
export const SEND_TARGET_EXTRA_MS = 5;
const MAIL_ENV = (smtp) => ({ SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@fieldwork.test', SECRET_KEY: OUTBOX_SECRET_KEY });
const THROUGHPUT_POLL_MS = 50;
const INVOICE_LINES = 10;

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] : null);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function api(base, cookie, method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The product's own code, loaded only when measuring (TypeScript, through tsx). */
async function productModules() {
  const [{ createDb }, { withTenant }, { createSecretBox, loadServerKeys }, { queueEmail }, { startTestSmtpServer }] = await Promise.all([
    import('@fieldwork/db/connection'),
    import('@fieldwork/db/tenant-scope'),
    import('../apps/server/src/lib/secret-box.ts'),
    import('../apps/server/src/modules/messages/messages.service.ts'),
    import('../packages/testing/src/smtp-test-server.ts'),
  ]);
  return { createDb, withTenant, createSecretBox, loadServerKeys, queueEmail, startTestSmtpServer };
}

/** `count` emails queued in one transaction as the product queues them; answers when they were committed. */
async function queueEmails(m, env, tenantId, label, count) {
  // PostgreSQL: the server's role, so row-level security holds the inserts as it holds the server's.
  const handle = m.createDb({ databaseUrl: env.DATABASE_URL || undefined, sqliteFile: join(env.DATA_DIR, 'fieldwork.sqlite'), poolSize: 1 });
  const box = m.createSecretBox(m.loadServerKeys({ secretKey: OUTBOX_SECRET_KEY, dataDir: '/nonexistent' }));
  const t0 = performance.now();
  await m.withTenant(tenantId, () =>
    handle.db.transaction().execute(async (trx) => {
      for (let i = 0; i < count; i++) {
        await m.queueEmail(
          { db: trx, tenantId, box },
          {
            kind: 'estimate',
            to: [`${label}-${i}@example.com`],
            subject: `${label} ${i}`,
            content: { message: `Benchmark email ${i} of ${count}.` },
            createdBy: null,
          },
        );
      }
    }),
  );
  const committed = performance.now();
  return { committed, queueSeconds: (committed - t0) / 1000, close: () => handle.close() };
}

/**
 * The SMTP dialogue alone, as the product has it (nodemailer, a new connection per email) from this process to a
 * test SMTP server of its own: what one worker slot cannot go below per email. (smtp-server, behind the test
 * server, waits 100 ms before its greeting to catch clients that talk too early; many real servers wait too.)
 */
async function smtpRoundTrip(m) {
  const { default: nodemailer } = await import('nodemailer');
  const smtp = await m.startTestSmtpServer();
  const transport = nodemailer.createTransport(smtp.url);
  const times = [];
  try {
    for (let i = 0; i < 25; i++) {
      const t0 = performance.now();
      await transport.sendMail({
        from: '"Bench Co" <no-reply@fieldwork.test>',
        to: `probe-${i}@example.com`,
        subject: `probe ${i}`,
        text: 'Benchmark email.',
        html: '<p>Benchmark email.</p>',
      });
      if (i >= 5) times.push(performance.now() - t0);
    }
  } finally {
    transport.close();
    await smtp.close();
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 0.5), p95: pct(times, 0.95), runs: times.length };
}

/** One server process, `emails` queued at once, timed until the SMTP server has received every one. */
async function measureThroughput(m, env, tenantId, { emails, concurrency, smtpMs, log }) {
  const smtp = await m.startTestSmtpServer();
  const settings = { BACKGROUND_POLL_MS: String(THROUGHPUT_POLL_MS), BACKGROUND_CONCURRENCY: String(concurrency) };
  const server = await startServer(env, { ...MAIL_ENV(smtp), ...settings });
  const label = `outbox-c${concurrency}-${Date.now()}`;
  try {
    const queued = await queueEmails(m, env, tenantId, label, emails);
    await smtp.waitFor(emails, 30 * 60_000);
    const seconds = (performance.now() - queued.committed) / 1000;
    await queued.close();
    await sleep(300); // any duplicate still under way
    const subjects = smtp.received.map((mail) => mail.subject);
    const sql = await openSql(env);
    const states = await sql.all(`select state, count(*) as n from messages where subject like ? group by state`, [`${label} %`]);
    await sql.close();
    const notSent = states.filter((s) => s.state !== 'sent').reduce((n, s) => n + Number(s.n), 0);
    const r = {
      concurrency,
      pollMs: THROUGHPUT_POLL_MS,
      emails,
      seconds,
      jobsPerSecond: emails / seconds,
      queueSeconds: queued.queueSeconds,
      smtpBound: (concurrency * 1000) / smtpMs,
      duplicates: subjects.length - new Set(subjects).size,
      notSent,
    };
    log(
      `outbox, concurrency ${concurrency}: ${emails} emails in ${seconds.toFixed(1)} s = ${r.jobsPerSecond.toFixed(1)} jobs/s, ${((100 * r.jobsPerSecond) / r.smtpBound).toFixed(0)}% of the SMTP bound ${r.smtpBound.toFixed(1)} (queued in ${r.queueSeconds.toFixed(1)} s; ${r.duplicates} duplicates, ${notSent} not marked sent)`,
    );
    return r;
  } finally {
    await server.stop();
    await smtp.close();
  }
}

const invoiceBody = (accountId, n) => ({
  mode: 'Draft',
  jobInfo: { type: 'NonJob', accountId },
  invoiceInfo: {},
  productServices: Array.from({ length: INVOICE_LINES }, (_, i) => ({
    name: `Service ${i + 1} for invoice ${n}`,
    description: 'Parts and labour as agreed on site.',
    qty: 1 + (i % 3),
    rate: 80 + i * 12.5,
    isTaxable: i % 2 === 0,
    taxPercent: i % 2 === 0 ? 8.875 : 0,
  })),
});

/** One POST /api/invoices/{id}/send, timed; `email` adds the email block. */
async function sendOnce(base, cookie, id, email) {
  const t0 = performance.now();
  let ok = false;
  try {
    const res = await fetch(`${base}/api/invoices/${id}/send`, {
      method: 'POST',
      headers: email ? { cookie, 'content-type': 'application/json' } : { cookie },
      body: email ? JSON.stringify({ email: { to: ['client@example.com'] } }) : undefined,
    });
    await res.arrayBuffer();
    ok = res.status === 200;
  } catch {
    ok = false;
  }
  return { ms: performance.now() - t0, ok };
}

function rowOf(name, times, bad, seconds, target = null) {
  const s = [...times].sort((a, b) => a - b);
  return {
    name,
    target,
    request: null,
    connections: 1,
    requests: s.length,
    p50: pct(s, 0.5),
    p95: pct(s, 0.95),
    p99: pct(s, 0.99),
    rps: s.length / seconds,
    bad,
  };
}

/** Draft invoices made first, then sent in pairs (without, with email), the first `warmup` pairs not counted. */
async function measureSend(m, env, { sends, warmup, deliver, log }) {
  const smtp = await m.startTestSmtpServer();
  // deliver false: the worker starts no timer (BACKGROUND_POLL_MS=0), so the emails stay queued and only the
  // requests' own work is compared (a diagnosis: what of the gap is the delivery running beside the requests).
  const server = await startServer(env, { ...MAIL_ENV(smtp), ...(deliver ? {} : { BACKGROUND_POLL_MS: '0' }) });
  try {
    const base = server.base;
    const cookie = await benchLogin(base);
    const customers = (await api(base, cookie, 'GET', '/api/customers?page=1&limit=10')).data;
    const pairs = sends + warmup;
    const ids = [];
    const c0 = performance.now();
    for (let i = 0; i < 2 * pairs; i++)
      ids.push((await api(base, cookie, 'POST', '/api/invoices', invoiceBody(customers[i % customers.length].id, i))).data.id);
    log(`send: ${ids.length} draft invoices of ${INVOICE_LINES} lines created in ${((performance.now() - c0) / 1000).toFixed(1)} s`);
    const plain = { times: [], bad: 0, ms: 0 };
    const emailed = { times: [], bad: 0, ms: 0 };
    for (let i = 0; i < pairs; i++) {
      for (const [variant, email] of [
        [plain, false],
        [emailed, true],
      ]) {
        const r = await sendOnce(base, cookie, ids[2 * i + (email ? 1 : 0)], email);
        if (i < warmup) continue;
        variant.times.push(r.ms);
        variant.ms += r.ms;
        if (!r.ok) variant.bad++;
      }
    }
    const lastSent = performance.now();
    const without = rowOf('POST /api/invoices/{id}/send, no body', plain.times, plain.bad, plain.ms / 1000);
    const withEmail = rowOf(
      'POST /api/invoices/{id}/send with an email (1 recipient, invoice PDF)',
      emailed.times,
      emailed.bad,
      emailed.ms / 1000,
      Math.round((without.p95 + SEND_TARGET_EXTRA_MS) * 10) / 10,
    );
    log(fmtRow(without));
    log(fmtRow(withEmail));
    // Every queued email (warm-up pairs included) should arrive, each with its invoice PDF.
    let arrivedIn = null;
    if (deliver) {
      try {
        await smtp.waitFor(pairs, 10 * 60_000);
        arrivedIn = (performance.now() - lastSent) / 1000;
      } catch {
        /* reported as fewer arrived */
      }
    }
    const withPdf = smtp.received.filter((mail) => mail.attachments?.some((a) => a.contentType === 'application/pdf')).length;
    const emails = { queued: pairs, delivered: deliver, arrived: smtp.received.length, withPdf, lastArrivedAfterLastSendSeconds: arrivedIn };
    log(
      `send: ${emails.arrived} of ${pairs} emails arrived${deliver ? '' : ' (worker off: BENCH_OUTBOX_DELIVER=0)'} (${withPdf} with the invoice PDF), the last ${arrivedIn === null ? 'never' : `${arrivedIn.toFixed(1)} s after the last send`}; with − without p95 = ${fmtMs(withEmail.p95 - without.p95, 2)} ms`,
    );
    return { rows: [without, withEmail], emails, sends, warmup };
  } finally {
    await server.stop();
    await smtp.close();
  }
}

/**
 * The whole scenario on its own small database (Bench Co, verified as seeded companies are): throughput at
 * concurrency 4 and 8, then the Send rows. Answers { throughput: [...], send: { rows, emails }, settings, loadavg }.
 */
export async function measureOutbox({ dialect, log = console.log }) {
  const emails = Number(process.env.BENCH_OUTBOX_EMAILS ?? 2000);
  const sends = Number(process.env.BENCH_OUTBOX_SENDS ?? 500);
  const warmup = Number(process.env.BENCH_OUTBOX_WARMUP ?? 20);
  const concurrencies = (process.env.BENCH_OUTBOX_CONCURRENCY ?? '4,8').split(',').filter(Boolean).map(Number);
  const deliver = process.env.BENCH_OUTBOX_DELIVER !== '0';
  const m = await productModules();
  const database = await createBenchDatabase(dialect);
  const load0 = loadavg()[0];
  try {
    await seedBenchDatabase(database.env, { BENCH_JOBS: '0', BENCH_CUSTOMERS: '50', BENCH_TECHS: '2', BENCH_SUBS: '0' });
    const sql = await openSql(database.env);
    const tenantId = (await sql.get("select id from tenants where name = 'Bench Co'")).id;
    await sql.close();
    const smtp = await smtpRoundTrip(m);
    log(`SMTP alone (nodemailer → the test server, a new connection each): p50 ${fmtMs(smtp.p50)} ms, p95 ${fmtMs(smtp.p95)} ms`);
    const throughput = [];
    for (const concurrency of concurrencies)
      throughput.push(await measureThroughput(m, database.env, tenantId, { emails, concurrency, smtpMs: smtp.p50, log }));
    const send = sends > 0 ? await measureSend(m, database.env, { sends, warmup, deliver, log }) : null;
    return {
      throughput,
      smtp,
      send,
      settings: { emails, sends, warmup, deliver, pollMs: THROUGHPUT_POLL_MS, invoiceLines: INVOICE_LINES },
      loadavg: [load0, loadavg()[0]],
    };
  } finally {
    await database.cleanup();
  }
}

/** The scenario's Markdown (the standalone file; the full report has its own tables from the same figures). */
export function outboxMarkdown(dialect, r) {
  const [without, withEmail] = r.send?.rows ?? [];
  const met = withEmail && withEmail.p95 <= withEmail.target;
  return (
    [
      `# Outbox throughput and the Send request (${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'})`,
      '',
      `${new Date().toISOString().slice(0, 16).replace('T', ' ')}; one server process, the SMTP server and the load generator on the same machine; load average ${r.loadavg.map((x) => x.toFixed(1)).join(' → ')}.`,
      '',
      `## Jobs per second through the queue`,
      '',
      `${r.settings.emails.toLocaleString('en-US')} emails queued with queueEmail in one transaction (no attachment), delivered by the server's worker over SMTP (nodemailer, one connection per email) to the loopback SMTP server; timed from the commit to the last email received. BACKGROUND_POLL_MS=${r.settings.pollMs}, lease and retry settings at their defaults.`,
      `SMTP bound: BACKGROUND_CONCURRENCY × 1000 ÷ one email's SMTP dialogue alone (nodemailer straight to the same kind of test server: p50 ${fmtMs(r.smtp.p50)} ms, p95 ${fmtMs(r.smtp.p95)} ms, of which 100 ms is smtp-server's wait before its greeting) — what the workers could reach if the queue and the database cost nothing.`,
      '',
      ...(r.throughput.length
        ? [
            '| BACKGROUND_CONCURRENCY | emails | seconds | jobs/s | SMTP bound jobs/s | jobs/s ÷ bound | queueing (one transaction) | duplicates | not marked sent |',
            '|---|---|---|---|---|---|---|---|---|',
            ...r.throughput.map(
              (t) =>
                `| ${t.concurrency}${t.concurrency === 4 ? ' (default)' : ''} | ${t.emails} | ${t.seconds.toFixed(1)} | ${t.jobsPerSecond.toFixed(1)} | ${t.smtpBound.toFixed(1)} | ${((100 * t.jobsPerSecond) / t.smtpBound).toFixed(0)}% | ${t.queueSeconds.toFixed(1)} s | ${t.duplicates} | ${t.notSent} |`,
            ),
          ]
        : ['Not run (BENCH_OUTBOX_CONCURRENCY empty).']),
      '',
      `## POST /api/invoices/{id}/send with and without email`,
      '',
      ...(r.send ? sendMarkdown(r, without, withEmail, met) : ['Not run (BENCH_OUTBOX_SENDS=0).']),
    ].join('\n') + '\n'
  );
}

function sendMarkdown(r, without, withEmail, met) {
  return [
    `${r.settings.sends} sends per variant after ${r.settings.warmup} warm-up pairs, interleaved on one keep-alive connection, each a different draft invoice of ${r.settings.invoiceLines} lines; ` +
      (r.settings.deliver
        ? 'the server with its background defaults (poll 500 ms, concurrency 4) delivering the emails meanwhile.'
        : '**the worker off** (BENCH_OUTBOX_DELIVER=0: BACKGROUND_POLL_MS=0), so the emails stay queued and only the requests themselves are compared.'),
    '',
    '| request | p50 ms | p95 ms | p99 ms | non-200 |',
    '|---|---|---|---|---|',
    ...[without, withEmail].map((x) => `| ${x.name} | ${fmtMs(x.p50, 2)} | ${fmtMs(x.p95, 2)} | ${fmtMs(x.p99, 2)} | ${x.bad} |`),
    '',
    `With email − without, p95: ${fmtMs(withEmail.p95 - without.p95, 2)} ms (target ≤ ${SEND_TARGET_EXTRA_MS} ms: ${met ? 'met' : '**missed**'}); p50: ${fmtMs(withEmail.p50 - without.p50, 2)} ms.`,
    r.settings.deliver
      ? `Emails: ${r.send.emails.arrived} of ${r.send.emails.queued} arrived (${r.send.emails.withPdf} with the invoice PDF attached)${r.send.emails.lastArrivedAfterLastSendSeconds === null ? '' : `, the last ${r.send.emails.lastArrivedAfterLastSendSeconds.toFixed(1)} s after the last send`}.`
      : `Emails: ${r.send.emails.queued} queued, none delivered (worker off).`,
  ];
}

if (import.meta.filename === process.argv[1]) {
  const dialect = process.env.BENCH_DIALECT ?? 'sqlite';
  // Re-run under scripts/with-postgres.sh with tsx kept (execArgv), when no cluster is up yet.
  if (dialect === 'postgres') ensurePostgresCluster([...process.execArgv, ...process.argv.slice(1)]);
  const result = await measureOutbox({ dialect, log: (...a) => console.log(`[outbox ${dialect}]`, ...a) });
  const md = outboxMarkdown(dialect, result);
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, `bench/results/outbox-${dialect}${result.settings.deliver ? '' : '-worker-off'}.md`), md);
  console.log('\n' + md);
}
