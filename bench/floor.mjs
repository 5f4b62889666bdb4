// The floor of an endpoint: the SQL its request runs, captured from a server process with bench/sql-capture.mjs
// preloaded, then replayed in a loop straight against the same database — better-sqlite3 with the server's
// pragmas, or one pg connection as the server's role with the server pool's settings and the company's scope —
// with the same parameters. Each replay runs inside BEGIN … ROLLBACK (the captured transaction statements are
// dropped), so writes replay without changing the data; the commit's own cost is therefore not in the floor.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { ROOT, startServer } from './lib.mjs';

const TX = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
// packages/db/src/prepared-statements.ts: the mark and a name per text.
const PREPARED_MARK = '/*prepared*/';
const statementName = (text) => 'fw_' + createHash('sha1').update(text).digest('hex').slice(0, 20);

export async function startCaptureServer(env) {
  const file = join(tmpdir(), `fw-sql-capture-${process.pid}-${Date.now()}.jsonl`);
  writeFileSync(file, '');
  const imports = `--import ${pathToFileURL(join(ROOT, 'bench/sql-capture.mjs'))}`;
  const server = await startServer({ ...env, BENCH_SQL_CAPTURE: file, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} ${imports}`.trim() });
  return {
    base: server.base,
    file,
    stop: async () => {
      await server.stop();
      rmSync(file, { force: true });
    },
  };
}

/** `request`: {method, path, headers, body} or a function returning one (its `after(status, text)` sees the answer). */
export async function captureRequest(cap, request) {
  const send = async () => {
    const req = typeof request === 'function' ? request() : request;
    const res = await fetch(cap.base + req.path, { method: req.method ?? 'GET', headers: req.headers, body: req.body });
    const text = await res.text();
    req.after?.(res.status, text);
    return res.status;
  };
  await send(); // warm: statement caches, pages
  writeFileSync(cap.file, '');
  const status = await send();
  const statements = readFileSync(cap.file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((s) => !TX.test(s.sql));
  return { status, statements };
}

// A row the captured request inserted already exists: its key (the first parameter of an INSERT, a UUID or a
// hex token) gets a fresh value of the same shape in every replay, so the replay inserts instead of failing.
const freshKey = (v) =>
  typeof v !== 'string' ? v : /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(v) ? randomUUID() : /^[0-9a-f]{32,}$/i.test(v) ? randomBytes(v.length / 2).toString('hex') : v;
// A statement that carries several inserts as WITH queries (a transaction's writes sent together at its end)
// names each insert's key by its first placeholder: those get fresh values.
const INSERT_KEY = /insert into [^(]+\([^)]*\) values \(\$(\d+)/gi;
function withFreshKeys(s) {
  if (/^\s*with\b/i.test(s.sql) && !(s.params.length === 1 && Array.isArray(s.params[0]))) {
    const list = [...s.params];
    for (const m of s.sql.matchAll(INSERT_KEY)) list[Number(m[1]) - 1] = freshKey(list[Number(m[1]) - 1]);
    return list;
  }
  if (!/^\s*insert\b/i.test(s.sql)) return s.params;
  const flat = s.params.length === 1 && Array.isArray(s.params[0]);
  const list = flat ? [...s.params[0]] : [...s.params];
  if (list.length) list[0] = freshKey(list[0]);
  return flat ? [list] : list;
}

/** A connection for replays: `time(statements)` → {p50, p95, runs, statements, top} or {error}. */
export async function openReplayer(env, tenantId) {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL, options: '-c jit=off -c work_mem=32MB -c TimeZone=UTC' });
    await client.connect();
    await client.query("select set_config('app.tenant_id', $1, false)", [tenantId]);
    const once = async (statements, totals) => {
      await client.query('begin');
      try {
        for (const [i, s] of statements.entries()) {
          const t = performance.now();
          // Statements the server runs as named prepared statements (PREPARED_MARK) replay as such.
          const values = withFreshKeys(s);
          await client.query(s.sql.includes(PREPARED_MARK) ? { name: statementName(s.sql), text: s.sql, values } : s.sql, values);
          totals[i] += performance.now() - t;
        }
      } finally {
        await client.query('rollback');
      }
    };
    return { time: (statements, o) => timeLoop(statements, once, o), close: () => client.end() };
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(join(env.DATA_DIR, 'fieldwork.sqlite'));
  for (const p of ['journal_mode = WAL', 'busy_timeout = 5000', 'foreign_keys = ON', 'synchronous = NORMAL']) db.pragma(p);
  const begin = db.prepare('begin');
  const rollback = db.prepare('rollback');
  const cache = new Map();
  const prepared = (sql) => cache.get(sql) ?? cache.set(sql, db.prepare(sql)).get(sql);
  const once = async (statements, totals) => {
    begin.run();
    try {
      for (const [i, s] of statements.entries()) {
        const stmt = prepared(s.sql);
        const t = performance.now();
        stmt[stmt.reader ? 'all' : 'run'](...withFreshKeys(s));
        totals[i] += performance.now() - t;
      }
    } finally {
      rollback.run();
    }
  };
  return { time: (statements, o) => timeLoop(statements, once, o), close: async () => db.close() };
}

async function timeLoop(
  statements,
  once,
  { runs = Number(process.env.BENCH_FLOOR_RUNS ?? 200), warmup = 5, budgetMs = Number(process.env.BENCH_FLOOR_BUDGET_MS ?? 3000) } = {},
) {
  if (!statements.length) return { error: 'no SQL captured' };
  const totals = statements.map(() => 0);
  const times = [];
  try {
    for (let i = 0; i < warmup; i++) await once(statements, totals);
    totals.fill(0);
    const until = performance.now() + budgetMs;
    while (times.length < runs && (times.length < 5 || performance.now() < until)) {
      const t0 = performance.now();
      await once(statements, totals);
      times.push(performance.now() - t0);
    }
  } catch (error) {
    return { error: `replay failed: ${String(error.message).slice(0, 120)}` };
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.ceil(times.length * q) - 1)];
  const top = totals.indexOf(Math.max(...totals));
  return { p50: at(0.5), p95: at(0.95), runs: times.length, statements: statements.length, top: { sql: statements[top].sql, ms: totals[top] / times.length } };
}

/** Floors of every row that carries a `request`, on a capture server started for it; sets row.floor. */
export async function measureFloors(env, tenantId, rows, log = console.log) {
  const cap = await startCaptureServer(env);
  const replayer = await openReplayer(env, tenantId);
  try {
    for (const row of rows) {
      if (!row.request) continue;
      const { status, statements } = await captureRequest(cap, row.request);
      row.floor = await replayer.time(statements);
      row.floor.status = status;
      log(
        `floor ${row.name.slice(0, 60).padEnd(60)} ${row.floor.error ?? `p50 ${row.floor.p50.toFixed(2)} ms, p95 ${row.floor.p95.toFixed(2)} ms, ${row.floor.statements} statements, ${row.floor.runs} runs`}`,
      );
    }
  } finally {
    await replayer.close();
    await cap.stop();
  }
  return rows;
}
