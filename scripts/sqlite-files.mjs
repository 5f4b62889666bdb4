// Shared by scripts/backup.mjs and scripts/restore.mjs: where the server's SQLite file is, and the checks
// both make before touching it.
import Database from 'better-sqlite3';
import { join, resolve } from 'node:path';

export function databaseFile(env = process.env) {
  return join(resolve(env.DATA_DIR ?? './data'), 'fieldwork.sqlite');
}

export function refusePostgres(env = process.env) {
  if (env.DATABASE_URL) {
    console.error('DATABASE_URL is set: this server uses PostgreSQL. Back it up with pg_dump and restore with pg_restore (see README, "Backups").');
    process.exit(2);
  }
}

/** "ok", or the problems SQLite found. */
export function integrityCheck(file) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db
      .pragma('integrity_check')
      .map((row) => row.integrity_check)
      .join('; ');
  } finally {
    db.close();
  }
}

/**
 * True when another connection has the database open. A running server keeps its connection open, and in
 * WAL mode every open connection holds a shared lock, so an exclusive lock is refused at once. The OS drops
 * those locks when a process dies, so a crashed server never leaves a stale "running" behind.
 */
export function inUse(file) {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return false;
  } catch (error) {
    if (error.code === 'SQLITE_BUSY' || error.code === 'SQLITE_LOCKED') return true;
    throw error;
  } finally {
    db.close();
  }
}
