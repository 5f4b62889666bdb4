// The server's production build: esbuild bundles apps/server/src/server.ts and the workspace packages it uses
// (@fieldwork/*, TypeScript sources) into plain JavaScript under apps/server/dist/, so `npm start` runs node on it
// without loading a TypeScript compiler at start-up. Every npm package stays external and is loaded from
// node_modules as usual (native modules such as better-sqlite3 and @node-rs/argon2 cannot be bundled; pdfkit reads
// its font metrics from its own directory).
//
// Two entry points: the server, and the PDF render thread. pdf-pool.ts starts its worker from
// `./pdf-render.worker-entry.mjs` next to the module that runs it; under tsx that is the source entry registering
// tsx, in the bundle it is the worker bundled to that same name next to server.mjs.
//
// `node scripts/build-server.mjs` builds; `buildServer()` is what scripts/start.mjs and the server-process tests call
// (rebuilding only when a source is newer than the bundle: `serverBundleIsStale()`).
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
export const SERVER_DIST_DIR = join(root, 'apps/server/dist');
export const SERVER_BUNDLE = join(SERVER_DIST_DIR, 'server.mjs');
const WORKER_BUNDLE = join(SERVER_DIST_DIR, 'pdf-render.worker-entry.mjs');

const WORKSPACE_PACKAGES = ['packages/domain', 'packages/db', 'packages/pdf', 'packages/testing', 'apps/server'];

/** Everything that, when changed, makes the bundle out of date. */
const SOURCES = [
  ...WORKSPACE_PACKAGES.map((dir) => join(root, dir, 'src')),
  ...WORKSPACE_PACKAGES.map((dir) => join(root, dir, 'package.json')),
  join(root, 'scripts/build-server.mjs'),
];

/**
 * npm packages bundled all the same: pure JavaScript, ESM, nothing read by path at run time, and no other external
 * package importing them (so there is never a second copy). Loaded from node_modules, each is hundreds of small
 * modules read, linked and evaluated at every start (bench/results/start-sqlite.md); bundled, only what the server
 * uses of them remains.
 */
const BUNDLED_NPM_PACKAGES = new Set(['date-fns', 'kysely']);

/** The npm packages the server and the workspace packages depend on; `@fieldwork/*` are bundled, not listed. */
function externalPackages() {
  const names = new Set();
  for (const dir of WORKSPACE_PACKAGES) {
    const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) {
      if (!name.startsWith('@fieldwork/') && !BUNDLED_NPM_PACKAGES.has(name)) names.add(name);
    }
  }
  return [...names].sort();
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** True when a bundle is missing or any server source (or this script) changed after it was built. */
export function serverBundleIsStale() {
  if (!existsSync(SERVER_BUNDLE) || !existsSync(WORKER_BUNDLE)) return true;
  const builtAt = Math.min(statSync(SERVER_BUNDLE).mtimeMs, statSync(WORKER_BUNDLE).mtimeMs);
  return Math.max(...SOURCES.map(newestMtime)) > builtAt;
}

/** Builds both bundles; returns the time it took and their sizes in bytes (without the source maps). */
export async function buildServer() {
  const started = performance.now();
  await build({
    absWorkingDir: root,
    entryPoints: [
      { in: 'apps/server/src/server.ts', out: 'server' },
      { in: 'apps/server/src/modules/pdf/pdf-render.worker.ts', out: 'pdf-render.worker-entry' },
    ],
    outdir: SERVER_DIST_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    // Positions only: Node maps stack traces without the sources' text, and a smaller map is read faster at start.
    sourcesContent: false,
    external: externalPackages(),
    logLevel: 'warning',
  });
  return {
    ms: performance.now() - started,
    serverBytes: statSync(SERVER_BUNDLE).size,
    workerBytes: statSync(WORKER_BUNDLE).size,
  };
}

/** Rebuilds when stale; `log` says why. Returns the build's figures, or null when the bundle was up to date. */
export async function ensureServerBuilt(log = console.log) {
  if (!serverBundleIsStale()) return null;
  log(existsSync(SERVER_BUNDLE) ? 'Server sources changed; rebuilding the server…' : 'Building the server (first start)…');
  return buildServer();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await buildServer();
  const kb = (n) => (n / 1024).toFixed(0) + ' KB';
  console.log(`Built ${SERVER_BUNDLE} (${kb(result.serverBytes)}, worker ${kb(result.workerBytes)}) in ${result.ms.toFixed(0)} ms`);
}
