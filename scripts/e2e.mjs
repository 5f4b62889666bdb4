#!/usr/bin/env node
// Browser tests: make sure the system Chromium exists, build the web app when its sources are
// newer than apps/web/dist (always when CI is set, or E2E_BUILD=always), then run the e2e vitest
// config. Extra arguments go to vitest (e.g. a file filter or reporters).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const log = (msg) => console.error(`[e2e] ${msg}`);

// Ctrl-C reaches the child processes too; this process waits for them and cleans up after itself.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => {});

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (res.error) throw res.error;
  return res.status ?? (res.signal ? 128 + 15 : 1);
}

// 1. Chromium (apt-get when missing).
if (run('bash', [join(root, 'scripts/ensure-chromium.sh')]) !== 0) {
  log('Chromium is not available');
  process.exit(1);
}

// 2. Web build.
const distIndex = join(root, 'apps/web/dist/index.html');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function buildNeeded() {
  const ci = process.env.CI && process.env.CI !== 'false' && process.env.CI !== '0';
  if (ci || process.env.E2E_BUILD === 'always') return 'CI build';
  if (process.env.E2E_BUILD === 'never') return '';
  if (!existsSync(distIndex)) return 'no build yet';
  const built = statSync(distIndex).mtimeMs;
  const inputs = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/package.json',
    'apps/web/tsconfig.json',
    'packages/domain/src',
  ];
  const changed = inputs.find((p) => newestMtime(join(root, p)) > built);
  return changed ? `${changed} changed since the last build` : '';
}

const reason = buildNeeded();
if (reason) {
  log(`building the web app (${reason})`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  if (run(npm, ['run', 'build', '-w', '@fieldwork/web']) !== 0) {
    log('web build failed');
    process.exit(1);
  }
} else {
  log('web build is up to date');
}

// 3. A private copy of the build: others may rebuild apps/web/dist (vite empties it first) while
//    the browser tests run. The harness serves this copy (E2E_WEB_DIST).
const distDir = join(root, 'apps/web/dist');
const snapshot = mkdtempSync(join(tmpdir(), 'fieldwork-e2e-web-'));
const removeSnapshot = () => rmSync(snapshot, { recursive: true, force: true });
let copied = false;
for (let attempt = 0; attempt < 20 && !copied; attempt += 1) {
  if (attempt > 0) await new Promise((r) => setTimeout(r, 1_000));
  rmSync(snapshot, { recursive: true, force: true });
  if (!existsSync(join(distDir, 'index.html'))) continue;
  try {
    cpSync(distDir, snapshot, { recursive: true });
    copied = existsSync(join(snapshot, 'index.html'));
  } catch {
    copied = false;
  }
}
if (!copied) {
  removeSnapshot();
  log(`no usable build in ${distDir}`);
  process.exit(1);
}

// 4. Tests.
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
let status;
try {
  status = run(process.execPath, [vitest, 'run', '--config', 'e2e/vitest.e2e.config.ts', ...process.argv.slice(2)], {
    env: { ...process.env, E2E_WEB_DIST: snapshot },
  });
} finally {
  removeSnapshot();
}
process.exit(status);
