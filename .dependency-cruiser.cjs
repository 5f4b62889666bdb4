/**
 * Import rules checked by `npm run lint:imports` (part of `npm run lint`). Each part of the repository has its
 * own list of rules below; to check another part, add its list to `forbidden` and its folder to the
 * `lint:imports` script in package.json.
 */

const WEB = '^apps/web/src/';

/** apps/web/src: app/ -> features/ -> shared/ -> components/ and lib/, with each feature's *.api.ts open to all. */
const webRules = [
  {
    name: 'web-no-circular',
    comment: 'A module in a cycle cannot be read, tested or loaded lazily on its own, and import order decides what is still undefined at start-up.',
    severity: 'error',
    from: { path: WEB },
    to: { circular: true },
  },
  {
    name: 'web-feature-uses-other-features-through-api',
    comment:
      "A feature reaches another feature only through its *.api.ts (calls, query keys, response types); a widget several features need lives in shared/<area>/, so one screen's internals can change without breaking another's.",
    severity: 'error',
    from: { path: `${WEB}features/([^/]+)/` },
    to: { path: `${WEB}features/`, pathNot: [`${WEB}features/$1/`, '\\.api\\.ts$'] },
  },
  {
    name: 'web-shared-uses-features-through-api',
    comment:
      'shared/ serves several features, so it may use their *.api.ts but never their screens or widgets: that would tie every user of the shared widget to one feature.',
    severity: 'error',
    from: { path: `${WEB}shared/` },
    to: { path: `${WEB}features/`, pathNot: '\\.api\\.ts$' },
  },
  {
    name: 'web-api-modules-import-no-ui',
    comment:
      'Every layer fetches through the *.api.ts modules, so they import no UI: one that did would drag screens into every feature that fetches and close cycles.',
    severity: 'error',
    from: { path: `${WEB}.+\\.api\\.ts$` },
    to: { path: `${WEB}(app|components|shared)/` },
  },
  {
    name: 'web-foundation-imports-no-features',
    comment: 'components/ and lib/ are the foundation every screen builds on: importing a feature, shared/ or the app shell would tie them to one screen.',
    severity: 'error',
    from: { path: `${WEB}(components|lib)/` },
    to: { path: `${WEB}(app|features|shared)/` },
  },
  {
    name: 'web-app-is-imported-by-no-screen',
    comment:
      'app/ composes the router and shell from the features; a feature or shared module importing it back makes every page reach the router, so no page can be split off.',
    severity: 'error',
    from: { path: `${WEB}(features|shared)/` },
    to: { path: `${WEB}app/` },
  },
  {
    name: 'web-imports-resolve',
    comment: 'An import the checker cannot resolve is invisible to every rule above, so it must resolve.',
    severity: 'error',
    from: { path: WEB },
    to: { couldNotResolve: true },
  },
];

const SERVER = '^apps/server/src/';

/**
 * apps/server/src and packages/: no cycles between files, and none between server modules (modules/<name>/):
 * what several modules share lives in a core module they all import (task-core, job-core, account-core) and
 * transactions live in packages/db, so a module can be read and changed without the ones that use it.
 */
const serverRules = [
  {
    name: 'server-no-circular',
    comment: 'A file in a cycle cannot be read or tested on its own, and import order decides what is still undefined at start-up.',
    severity: 'error',
    from: { path: ['^apps/server/src/', '^packages/'] },
    to: { circular: true },
  },
  {
    name: 'server-modules-no-circular',
    comment:
      'Two modules that import each other are one module in two folders: a change to either needs both read. Shared pieces go to a core module both import.',
    severity: 'error',
    scope: 'folder',
    from: { path: `${SERVER}modules/[^/]+$` },
    to: { circular: true },
  },
  {
    name: 'server-plugins-import-only-core-modules',
    comment:
      'Every module imports the request plugins (guard, auth context), so a plugin that imported a feature module would close a cycle through it; the auth plugin reads sessions from account-core only.',
    severity: 'error',
    from: { path: `${SERVER}plugins/` },
    to: { path: `${SERVER}modules/`, pathNot: `${SERVER}modules/account-core/` },
  },
  {
    name: 'server-routes-only-from-the-route-table',
    comment: 'A module is used through its services; its routes are registered once, by modules.routes.ts, so no other module depends on its HTTP shape.',
    severity: 'error',
    from: { path: `${SERVER}modules/([^/]+)/`, pathNot: `${SERVER}modules/(modules\\.routes\\.ts|$1/)` },
    to: { path: `${SERVER}modules/[^/]+/.+\\.routes\\.ts$` },
  },
  {
    name: 'server-imports-resolve',
    comment: 'An import the checker cannot resolve is invisible to every rule above, so it must resolve.',
    severity: 'error',
    from: { path: ['^apps/server/src/', '^packages/'] },
    to: { couldNotResolve: true },
  },
];

module.exports = {
  forbidden: [...webRules, ...serverRules],
  options: {
    // Type-only imports couple modules too: a cycle or a reach into another feature counts whichever way it is written.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // Workspace packages resolve through their package.json "exports" to the TypeScript sources.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
