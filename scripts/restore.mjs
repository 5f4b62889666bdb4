// `npm run restore -- <backup-file>`: puts a backup made by `npm run backup` in place as
// DATA_DIR/fieldwork.sqlite. Only with the server stopped: it refuses while any process has the database
// open (see inUse). The database it replaces (with its -wal/-shm) is kept beside it as
// fieldwork.sqlite.before-restore-<time>, never deleted.
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { databaseFile, inUse, integrityCheck, refusePostgres } from './sqlite-files.mjs';

refusePostgres();
const backup = process.argv[2];
if (!backup) {
  console.error('Usage: npm run restore -- <backup-file>');
  process.exit(2);
}
const source = resolve(process.env.INIT_CWD ?? process.cwd(), backup);
const target = databaseFile();
if (!existsSync(source)) {
  console.error(`No backup at ${source}.`);
  process.exit(1);
}
const check = integrityCheck(source);
if (check !== 'ok') {
  console.error(`The backup failed its integrity check, nothing restored: ${check}`);
  process.exit(1);
}
if (existsSync(target) && inUse(target)) {
  console.error(`${target} is open in another process: stop every server using DATA_DIR=${dirname(target)} first, then restore.`);
  process.exit(3);
}

mkdirSync(dirname(target), { recursive: true });
const incoming = `${target}.restoring-${process.pid}`;
copyFileSync(source, incoming);
let keptAs = null;
if (existsSync(target)) {
  keptAs = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  for (const suffix of ['-wal', '-shm', '']) if (existsSync(target + suffix)) renameSync(target + suffix, keptAs + suffix);
}
for (const suffix of ['-wal', '-shm']) rmSync(target + suffix, { force: true });
renameSync(incoming, target);
console.log(JSON.stringify({ restored: target, from: source, previousKeptAs: keptAs, integrity: check }));
