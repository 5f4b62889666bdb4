import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Root test configuration: four projects.
//   domain — pure packages (packages/*/src), node
//   server — apps/server, node, forked processes; SQLite by default, PostgreSQL when
//            TEST_DATABASE_URL is set (see scripts/with-postgres.sh)
//   server-process — the server suites that start real server processes (the built bundle, as `npm start` runs
//            it; built first when out of date), run after `server`, one at a time
//   web    — apps/web, jsdom + React
// Browser (e2e) tests have their own config: e2e/vitest.e2e.config.ts.

const root = fileURLToPath(new URL('.', import.meta.url));
const webSetup = 'apps/web/src/test-setup.ts';
const hasWebSetup = existsSync(new URL(webSetup, import.meta.url));

const PROCESS_SUITES = ['apps/server/src/reliability/**/*.test.ts', 'apps/server/src/ops/**/*.test.ts'];

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
          exclude: PROCESS_SUITES,
          environment: 'node',
          pool: 'forks',
          maxWorkers,
          // One module graph per worker, not per file: every file imports the whole app (~1.5 s of import each),
          // which was 204 s of the 236 s this project took on SQLite; without it 94 s (PostgreSQL ~360 → 201 s).
          // It holds because the server keeps no state in modules that a test changes: each file builds its own
          // app and database, fake clocks are put back after each test, and no test sets process.env.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        // Suites that start real server processes (SIGKILL restarts within 5 s, graceful shutdown, two processes
        // on one database): after the rest of the server project and one file at a time, so the processes they
        // time do not share the 2 cores with other test files.
        test: {
          name: 'server-process',
          root,
          include: PROCESS_SUITES,
          globalSetup: ['apps/server/src/ops/server-bundle.global-setup.mjs'],
          environment: 'node',
          pool: 'forks',
          maxWorkers: 1,
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root,
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Whole-page renders under jsdom take several seconds on a busy two-core machine; a ceiling this high only
          // decides when a stuck test gives up, never whether a working one passes.
          testTimeout: 20_000,
          setupFiles: hasWebSetup ? [webSetup] : [],
        },
      },
    ],
  },
});
