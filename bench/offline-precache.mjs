// The precache side of bench/offline.mjs: the web build as `npm start` makes it, the entries of the worker's
// precache manifest with their sizes, and the split by who opens them (judged by chunk name, below).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './lib.mjs';

export const DIST = join(ROOT, 'apps/web/dist');
const log = (...a) => console.log('[offline]', ...a);

// ---- the web build, as `npm start` makes it, when its sources are newer than apps/web/dist ----
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) if (entry !== 'node_modules' && entry !== 'dist') newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}
export function ensureWebBuild() {
  const builtAt = existsSync(join(DIST, 'index.html')) ? statSync(join(DIST, 'index.html')).mtimeMs : 0;
  const inputs = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/domain/src'];
  if (Math.max(...inputs.map((p) => newestMtime(join(ROOT, p)))) <= builtAt) return;
  log(builtAt ? 'web sources changed; rebuilding the web app…' : 'building the web app…');
  if (spawnSync('npm', ['run', 'build', '-w', '@fieldwork/web'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) throw new Error('web build failed');
}

// ---- 1. the precache ----
/** The entries workbox precaches: the array passed to precacheAndRoute in dist/sw.js ({url, revision}). */
function precacheEntries() {
  const sw = readFileSync(join(DIST, 'sw.js'), 'utf8');
  const at = sw.indexOf('precacheAndRoute(');
  if (at < 0) throw new Error('no precacheAndRoute in dist/sw.js');
  const start = sw.indexOf('[', at);
  let depth = 0;
  let end = start;
  for (; end < sw.length; end++) {
    if (sw[end] === '[') depth++;
    if (sw[end] === ']' && --depth === 0) break;
  }
  // Object literals with bare keys and string/null values only: evaluated as such.
  return new Function(`return ${sw.slice(start, end + 1)}`)();
}

// Which chunks only the office screens load, judged from the chunk names (vite names each chunk after the module
// that starts it: a page's chunk after its *.page file, a shared piece after its file): the pages of the office's
// areas (dashboard, receptionist calls, scheduler, plans, leads, bids, estimates, invoices, customers,
// subcontractors, vehicles, settings, the job and task lists and forms, the cost lists and calculator) and the
// pieces only they use (the charts, the list tables, the document editor, plan/estimate/invoice parts). The
// customer portal's pages are counted apart: a customer's, not a technician's. A chunk the technician's pages
// loaded during this run is never counted as office-only, whatever its name (checked below).
const OFFICE_NAMES = [
  'charts|revenue-chart|calls-chart|dashboard\\.(page|api)|calls\\.page|scheduler-calendar\\.page',
  'plans?-[a-z-]+|plans\\.(api|rules|schemas)|leads-list\\.page|leads\\.api|bid-requests\\.page|bids\\.api|use-bid-mutations',
  'estimates?-[a-z-]+|estimates\\.schemas|invoices?-[a-z-]+|invoices\\.(rules|schemas)',
  'document-(editor\\.page|preview|row-menu|status-badge)|use-document-actions|send-document-dialog',
  'customers?-[a-z-]+|customers\\.api|subcontractors?-[a-z-]+|subcontractors\\.api|vehicles?-[a-z-]+|vehicles\\.api',
  '(users-list|invitations-list|user-view|zones|tags|company|payments|texts|email-templates|delivery|api-tokens)\\.page',
  'invite-user-dialog|user-status-badge|jobs-list\\.page|job-(create|edit)\\.page|tasks-list\\.page|task-(create|edit)\\.page',
  'task-columns|all-costs\\.page|cost-calculator(\\.page|-lookups)|data-table|customise-(columns-)?sheet|use-table-config',
];
const OFFICE = new RegExp(`^(${OFFICE_NAMES.join('|')})$`);
const PORTAL = /^(portal-[a-z-]+|portal\.(api|rules|schemas)|test-checkout\.page)$/;
export const chunkName = (url) => url.replace(/^.*\//, '').replace(/-[A-Za-z0-9_-]{8}\.(js|css)$/, '');

export function measurePrecache() {
  const entries = precacheEntries().map((e) => {
    const body = readFileSync(join(DIST, e.url));
    return { url: e.url, raw: body.length, gzip: gzipSync(body, { level: 6 }).length };
  });
  const sum = (xs, k) => xs.reduce((n, e) => n + e[k], 0);
  const worker = ['sw.js', ...readdirSync(DIST).filter((f) => /^workbox-.*\.js$/.test(f))].map((f) => {
    const body = readFileSync(join(DIST, f));
    return { url: f, raw: body.length, gzip: gzipSync(body, { level: 6 }).length };
  });
  return { entries, total: { raw: sum(entries, 'raw'), gzip: sum(entries, 'gzip') }, worker, largest: [...entries].sort((a, b) => b.raw - a.raw).slice(0, 5) };
}

/** The precache split by who opens it: loaded by the technician's pages in this run, office-only, portal, the rest. */
export function splitPrecache(precache, techLoaded) {
  const groups = { tech: [], office: [], portal: [], other: [] };
  const misjudged = [];
  for (const e of precache.entries) {
    const name = chunkName(e.url);
    const loaded = techLoaded.has(e.url);
    if (loaded && (OFFICE.test(name) || PORTAL.test(name))) misjudged.push(e.url);
    const group = loaded ? 'tech' : OFFICE.test(name) ? 'office' : PORTAL.test(name) ? 'portal' : 'other';
    groups[group].push(e);
  }
  const sum = (xs) => ({ n: xs.length, raw: xs.reduce((n, e) => n + e.raw, 0), gzip: xs.reduce((n, e) => n + e.gzip, 0) });
  return {
    tech: sum(groups.tech),
    office: sum(groups.office),
    portal: sum(groups.portal),
    other: sum(groups.other),
    officeLargest: groups.office.sort((a, b) => b.raw - a.raw).slice(0, 6),
    misjudged,
  };
}
