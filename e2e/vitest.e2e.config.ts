import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: real server process + system Chromium. Run through `npm run test:e2e`
// (scripts/e2e.mjs builds the web app and makes sure Chromium is installed first).
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    maxWorkers: 1,
    pool: 'forks',
  },
});
