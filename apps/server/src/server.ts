import cluster from 'node:cluster';
import { createDb, type DbHandle } from '@fieldwork/db/connection';
import { migrateToLatest } from '@fieldwork/db/migrate';
import { seedDemoIfEmpty } from '@fieldwork/testing/demo-data';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { hashPassword } from './lib/passwords.ts';
import { runPrimary, webConcurrency } from './ops/cluster-primary.ts';
import { clusterPeers } from './ops/cluster-worker.ts';
import { installGracefulShutdown, shutdownSettings } from './ops/graceful-shutdown.ts';
import { assertSafeDatabaseRole, checkPublicUrl, StartupRefused } from './ops/startup-checks.ts';

const config = loadConfig();
const settings = shutdownSettings();
const banner = (extra = '') =>
  `Fieldwork is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${config.databaseUrl ? 'postgres' : 'sqlite'}${extra})`;

async function serve(handle: DbHandle): Promise<void> {
  const app = await buildApp(config, { dbHandle: handle, migrate: false, ...(cluster.isWorker ? { peers: clusterPeers() } : {}) });
  installGracefulShutdown(app, handle, settings);
  await app.listen({ port: config.port, host: config.host });
}

// A cluster worker (WEB_CONCURRENCY > 1): the primary checked the settings, migrated and seeded before forking it.
if (cluster.isWorker) {
  await serve(createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile }));
} else {
  let processes = 1;
  try {
    processes = webConcurrency(process.env.WEB_CONCURRENCY);
    checkPublicUrl(config.publicUrl, process.env.NODE_ENV);
  } catch (error) {
    console.error(error instanceof StartupRefused ? error.message : error);
    process.exit(1);
  }
  const handle = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  try {
    await assertSafeDatabaseRole(handle.db, handle.dialect, process.env.NODE_ENV);
  } catch (error) {
    console.error(error instanceof StartupRefused ? error.message : error);
    await handle.close();
    process.exit(1);
  }
  // Several instances starting together migrate one at a time: Kysely's Migrator holds an advisory lock on
  // PostgreSQL, and migrateToLatest a write lock on SQLite; the later ones find nothing left to do.
  await migrateToLatest(handle.db, handle.dialect);

  if (config.demo) {
    const seeded = await seedDemoIfEmpty(handle.db, { hashPassword }, { mediaDir: config.mediaDir });
    if (seeded) {
      console.log('\nDemo data seeded. Sign in with any of these (password: ' + seeded.password + '):');
      for (const login of seeded.logins) console.log(`  ${login.email.padEnd(22)} ${login.company} — ${login.role}${login.access ? ` (${login.access})` : ''}`);
      console.log('');
    } else {
      console.log('DEMO=1: the database already has data, so no demo data was added.');
    }
  }

  if (processes === 1) {
    await serve(handle);
    console.log(banner());
  } else {
    await handle.close();
    runPrimary({ workers: processes, shutdown: settings, onListening: () => console.log(banner(`, ${processes} processes`)) });
  }
}
