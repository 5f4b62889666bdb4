// `npm run backup -- <target-file>`: a consistent copy of the live SQLite database (DATA_DIR/fieldwork.sqlite)
// while the server keeps running and writing, with SQLite's online backup API (better-sqlite3 db.backup).
// The copy is written next to the target, checked with `pragma integrity_check`, then renamed into place,
// so a target file that exists is always a whole backup. An existing target is never overwritten.
import Database from 'better-sqlite3';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { databaseFile, integrityCheck, refusePostgres } from './sqlite-files.mjs';

refusePostgres();
const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run backup -- <target-file>');
  process.exit(2);
}
const source = databaseFile();
// npm runs scripts from the repository root; a relative path means one relative to where npm was typed.
const finalPath = resolve(process.env.INIT_CWD ?? process.cwd(), target);
if (!existsSync(source)) {
  console.error(`No database at ${source} (set DATA_DIR to the server's data directory).`);
  process.exit(1);
}
if (existsSync(finalPath)) {
  console.error(`${finalPath} already exists; choose a new file name.`);
  process.exit(1);
}

const partial = `${finalPath}.partial-${process.pid}`;
const started = Date.now();
const db = new Database(source, { fileMustExist: true });
try {
  db.pragma('busy_timeout = 5000');
  // All remaining pages in one step: copied in small steps, every write of the server in between would
  // restart the copy, and under steady load it might never finish.
  await db.backup(partial, { progress: () => 0x7fffffff });
} catch (error) {
  rmSync(partial, { force: true });
  console.error(`Backup failed: ${error.message}`);
  process.exit(1);
} finally {
  db.close();
}
const check = integrityCheck(partial);
if (check !== 'ok') {
  rmSync(partial, { force: true });
  console.error(`The copy failed its integrity check: ${check}`);
  process.exit(1);
}
renameSync(partial, finalPath);
console.log(JSON.stringify({ backup: finalPath, from: source, bytes: statSync(finalPath).size, ms: Date.now() - started, integrity: check }));
