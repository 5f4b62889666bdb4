import { createDb } from '@fieldwork/db/connection';
import { migrateToLatest } from '@fieldwork/db/migrate';
import { seedDemoIfEmpty } from '@fieldwork/testing/demo-data';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { hashPassword } from './lib/passwords.ts';

const config = loadConfig();
const handle = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
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

const app = await buildApp(config, { dbHandle: handle, migrate: false });

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received, shutting down`);
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  await app.close();
  await handle.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
console.log(`Fieldwork is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${handle.dialect})`);
