// The customer portal's document answers on the large tenant (target p95 ≤ 20 ms): the estimate and invoice
// pages' API (GET /api/portal/{estimates,invoices}/:id) — the sent estimate with the most lines, and its
// customer's sent invoice with the most — and that customer's hub. The customer's session comes from a sign-in
// link written straight into the database (its token's hash, as the portal stores it) and exchanged through
// POST /api/portal/session, as a customer's browser does. `measurePortal` is called by bench/run.mjs.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { fmtRow, measureRow } from './lib.mjs';

export const PORTAL_TARGET_P95 = 20;

/** A writable handle on the bench database for the one link row (the shared openSql is read-only on SQLite). */
async function openWriter(env) {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.BENCH_SEED_DATABASE_URL || env.DATABASE_URL });
    await client.connect();
    const q = async (text, params = []) => {
      let n = 0;
      return (
        await client.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows;
    };
    return { all: q, run: q, close: () => client.end() };
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(join(env.DATA_DIR, 'fieldwork.sqlite'));
  db.pragma('busy_timeout = 5000');
  return { all: async (t, p = []) => db.prepare(t).all(...p), run: async (t, p = []) => db.prepare(t).run(...p), close: async () => db.close() };
}

export async function measurePortal({ base, env, tenantId, seconds, log = console.log }) {
  const db = await openWriter(env);
  let picked;
  try {
    // A customer with both: the sent estimate with the most lines, and that customer's sent invoice with the most.
    const lineCount = (table, key) => `(select count(*) from ${table} l where l.tenant_id = d.tenant_id and l.${key} = d.id)`;
    const [estimate] = await db.all(
      `select d.id, d.customer_id, ${lineCount('estimate_lines', 'estimate_id')} as lines from estimates d
        where d.tenant_id = ? and d.status = 'SENT' and exists (select 1 from invoices i where i.tenant_id = d.tenant_id and i.customer_id = d.customer_id and i.status = 'SENT')
        order by lines desc limit 1`,
      [tenantId],
    );
    const [invoice] = await db.all(
      `select d.id, ${lineCount('invoice_lines', 'invoice_id')} as lines from invoices d where d.tenant_id = ? and d.customer_id = ? and d.status = 'SENT' order by lines desc limit 1`,
      [tenantId, estimate.customer_id],
    );
    picked = { customer_id: estimate.customer_id, estimate_id: estimate.id, estimate_lines: estimate.lines, invoice_id: invoice.id, lines: invoice.lines };
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await db.run(
      // A sign-in link (no document): it opens the whole customer, as the customer's own address does.
      `insert into portal_links (id, tenant_id, customer_id, estimate_id, invoice_id, email, token_hash, expires_at, created_at)
       values (?, ?, ?, null, null, 'bench-customer@bench.test', ?, ?, ?)`,
      [
        randomUUID(),
        tenantId,
        picked.customer_id,
        createHash('sha256').update(token).digest('hex'),
        new Date(now.getTime() + 86_400_000).toISOString(),
        now.toISOString(),
      ],
    );
    const res = await fetch(base + '/api/portal/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
    if (!res.ok) throw new Error(`portal session: ${res.status} ${await res.text()}`);
    picked.cookie = res.headers.get('set-cookie').split(';')[0];
  } finally {
    await db.close();
  }
  const cookie = picked.cookie;
  const scenarios = [
    [`invoice page (${picked.lines} lines)`, `/api/portal/invoices/${picked.invoice_id}`],
    [`estimate page (${picked.estimate_lines} lines)`, `/api/portal/estimates/${picked.estimate_id}`],
    ['hub (estimates, invoices, visits, past jobs)', '/api/portal/hub'],
  ];
  const rows = [];
  for (const [name, path] of scenarios) {
    rows.push(
      await measureRow({
        name,
        target: PORTAL_TARGET_P95,
        opts: { url: base + path, headers: { cookie }, duration: seconds },
        request: { path, headers: { cookie } },
      }),
    );
    log(fmtRow(rows.at(-1)));
  }
  return rows;
}

// `node bench/portal.mjs`: these rows alone, on the cached large tenant (SQLite; seeded and cached on first use).
if (import.meta.filename === process.argv[1]) {
  const { openLargeTenant } = await import('./large-tenant.mjs');
  const { openSql, startServer } = await import('./lib.mjs');
  const { loadavg } = await import('node:os');
  const tenant = await openLargeTenant('sqlite');
  console.log(`[portal] ${tenant.seeding}; load average ${loadavg()[0].toFixed(1)}`);
  const sql = await openSql(tenant.env);
  const tenantId = (await sql.get("select id from tenants where name = 'Bench Co'")).id;
  await sql.close();
  const server = await startServer(tenant.env);
  try {
    await measurePortal({ base: server.base, env: tenant.env, tenantId, seconds: Number(process.env.BENCH_SECONDS ?? 5) });
  } finally {
    await server.stop();
    await tenant.cleanup?.();
  }
  console.log(`[portal] load average after ${loadavg()[0].toFixed(1)}`);
}
