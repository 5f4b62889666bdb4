import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app.ts';
import { assertSafeDatabaseRole, checkDatabaseRole, currentDatabaseRole, StartupRefused } from './startup-checks.ts';

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
