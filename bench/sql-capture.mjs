// Preloaded into a server process (NODE_OPTIONS=--import) by bench/scheduling.mjs: appends every statement
// better-sqlite3 runs, with its parameters, as a JSON line to BENCH_SQL_CAPTURE, so the benchmark can replay a
// request's exact SQL through better-sqlite3 directly and compare. Server code is untouched.
import Database from 'better-sqlite3';
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
}
