// `npm start`: build the web app when its build is missing or older than its sources, build the server to plain
// JavaScript (scripts/build-server.mjs, esbuild → apps/server/dist/server.mjs) when its bundle is missing or older
// than the server's sources, then run that bundle with node (it migrates the database at start-up). Running the
// bundle instead of the TypeScript sources through tsx saves the compiler's load time at every start and restart.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureServerBuilt, SERVER_BUNDLE } from './build-server.mjs';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

// public/ holds the install icons the build copies and precaches.
const sources = [
  join(root, 'apps/web/src'),
  join(root, 'apps/web/public'),
  join(root, 'apps/web/index.html'),
  join(root, 'apps/web/vite.config.ts'),
  join(root, 'packages/domain/src'),
];
const builtAt = existsSync(dist) ? statSync(dist).mtimeMs : 0;
const changedAt = Math.max(...sources.filter(existsSync).map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)));
if (changedAt > builtAt) {
  console.log(builtAt ? 'Web sources changed; rebuilding the web app…' : 'Building the web app (first start)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@fieldwork/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const built = await ensureServerBuilt();
if (built) console.log(`Server built in ${Math.round(built.ms)} ms.`);

// Source maps on, so a stack trace names the TypeScript file and line, not the bundle's.
const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
