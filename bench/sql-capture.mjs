// Preloaded into a server process (NODE_OPTIONS=--import) by bench/floor.mjs: appends every statement the
// server runs — through better-sqlite3 or through pg — with its parameters, as a JSON line to BENCH_SQL_CAPTURE,
// so the benchmark can replay a request's exact SQL against the database directly and compare. Server code is
// untouched.
import Database from 'better-sqlite3';
import pg from 'pg';
import { appendFileSync } from 'node:fs';

const file = process.env.BENCH_SQL_CAPTURE;
if (file) {
  const probe = new Database(':memory:');
  const Statement = probe.prepare('select 1').constructor;
  probe.close();
  for (const method of ['all', 'get', 'run', 'iterate']) {
    const original = Statement.prototype[method];
    Statement.prototype[method] = function (...params) {
      appendFileSync(file, JSON.stringify({ sql: this.source, method, params }) + '\n');
      return original.apply(this, params);
    };
  }
  // Kysely's own transaction statements go through prepare/run too; pragma() and exec() are left out.
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, values) {
    const text = typeof config === 'string' ? config : config?.text;
    if (text) appendFileSync(file, JSON.stringify({ sql: text, params: Array.isArray(values) ? values : (config?.values ?? []) }) + '\n');
    // All the arguments as given: pg tells its overloads apart by their count and types.
    return query.apply(this, arguments);
  };
}
