// The first issue's API scenarios (health, profile, customers, users, login), formerly the whole of bench/run.mjs:
// 10 connections (login: 2). `measureApiBasics` runs them against a running server; bench/run.mjs calls it.
import { fmtRow, measureRow } from './lib.mjs';

export async function measureApiBasics({ base, cookie, seconds, connections = Number(process.env.BENCH_CONNECTIONS ?? 10), log = console.log }) {
  const headers = { cookie };
  const login = JSON.stringify({ email: 'bench-admin@bench.test', password: 'bench-pass-2026' });
  const get = (path) => ({ opts: { url: base + path, headers, connections, duration: seconds }, request: { path, headers } });
  const scenarios = [
    { name: 'GET /api/health (no auth, no query)', opts: { url: base + '/api/health', connections, duration: seconds }, request: null },
    { name: 'GET /api/user/profile (session + user + company)', ...get('/api/user/profile') },
    { name: 'GET /api/customers page 1', ...get('/api/customers?page=1&limit=10') },
    { name: 'GET /api/customers search "garcia"', ...get('/api/customers?search=garcia&limit=10') },
    { name: 'GET /api/user?role=Technician, limit 100', ...get('/api/user?role=Technician&limit=100') },
    {
      name: 'POST /api/auth/login (argon2id), 2 connections',
      opts: { url: base + '/api/auth/login', method: 'POST', headers: { 'content-type': 'application/json' }, body: login, connections: 2, duration: seconds },
      request: { method: 'POST', path: '/api/auth/login', headers: { 'content-type': 'application/json' }, body: login },
    },
  ];
  const rows = [];
  for (const s of scenarios) {
    rows.push(await measureRow(s));
    log(fmtRow(rows.at(-1)));
  }
  return rows;
}
