import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnServer } from './server-process.fixture.ts';
import { assertSafeDatabaseRole, checkDatabaseRole, checkPublicUrl, currentDatabaseRole, StartupRefused } from './startup-checks.ts';

describe('refusing a PostgreSQL superuser in production', () => {
  it('refuses a superuser when NODE_ENV=production, with a message naming the role and the fix', () => {
    const attempt = () => checkDatabaseRole({ rolname: 'postgres', rolsuper: true }, 'production');
    expect(attempt).toThrow(StartupRefused);
    expect(attempt).toThrow(/NODE_ENV=production.*"postgres" is a PostgreSQL SUPERUSER.*DATABASE_URL/);
  });

  it('refuses when the role cannot be found, in production', () => {
    expect(() => checkDatabaseRole(undefined, 'production')).toThrow(StartupRefused);
  });

  it('accepts an ordinary role in production, and any role outside production', () => {
    expect(() => checkDatabaseRole({ rolname: 'fieldwork', rolsuper: false }, 'production')).not.toThrow();
    for (const env of [undefined, 'development', 'test']) expect(() => checkDatabaseRole({ rolname: 'postgres', rolsuper: true }, env)).not.toThrow();
  });

  it('reads the role of the live connection (PostgreSQL) and lets SQLite through', async () => {
    const t = await createTestApp();
    try {
      if (t.dialect === 'postgres') {
        // scripts/with-postgres.sh connects as `fieldwork`: LOGIN CREATEDB, not SUPERUSER.
        expect(await currentDatabaseRole(t.app.db)).toEqual({ rolname: 'fieldwork', rolsuper: false });
      }
      await expect(assertSafeDatabaseRole(t.app.db, t.dialect, 'production')).resolves.toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe("links never come from a request's Host", () => {
  it('refuses to start in production without PUBLIC_URL, and takes any http(s) origin', () => {
    expect(() => checkPublicUrl(undefined, 'production')).toThrow(/NODE_ENV=production and PUBLIC_URL is not set/);
    expect(() => checkPublicUrl('https://fieldwork.example.com', 'production')).not.toThrow();
    expect(() => checkPublicUrl('http://localhost:3000', undefined)).not.toThrow();
    expect(() => checkPublicUrl(undefined, 'development')).not.toThrow();
    for (const bad of ['fieldwork.example.com', 'javascript:alert(1)', 'https://x.example/app', 'ftp://x.example']) {
      expect(() => checkPublicUrl(bad, 'production'), bad).toThrow(/PUBLIC_URL must be an http\(s\) origin/);
    }
  });

  it('the server process exits 1 with the reason on stderr', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fw-public-url-'));
    try {
      const server = spawnServer({ dataDir, env: { NODE_ENV: 'production', PUBLIC_URL: '' } }, await freePort());
      expect(await server.exited).toBe(1);
      expect(server.stderr()).toContain('PUBLIC_URL is not set');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
