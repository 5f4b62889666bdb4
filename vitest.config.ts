import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Root test configuration: three projects.
//   domain — pure packages (packages/*/src), node
//   server — apps/server, node, forked processes; SQLite by default, PostgreSQL when
//            TEST_DATABASE_URL is set (see scripts/with-postgres.sh)
//   web    — apps/web, jsdom + React
// Browser (e2e) tests have their own config: e2e/vitest.e2e.config.ts.

const root = fileURLToPath(new URL('.', import.meta.url));
const webSetup = 'apps/web/src/test-setup.ts';
const hasWebSetup = existsSync(new URL(webSetup, import.meta.url));

// 2 cores on CI: never more than 2 test files at once.
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS ?? 2);

export default defineConfig({
  test: {
    root,
    maxWorkers,
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    projects: [
      {
        test: {
          name: 'domain',
          root,
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root,
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          maxWorkers,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root,
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: hasWebSetup ? [webSetup] : [],
        },
      },
    ],
  },
});
