import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** DESIGN.md import direction: domain <- db <- server, domain <- web, pdf -> domain, testing -> domain, db. */
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const noServer = { group: ['**/apps/server/**', '@fieldwork/server', '@fieldwork/server/*'], message: 'Only the server imports the server.' };
const noWeb = { group: ['**/apps/web/**', '@fieldwork/web', '@fieldwork/web/*'], message: 'Nothing imports the web app.' };
const noDb = { group: ['@fieldwork/db', '@fieldwork/db/*', 'kysely', 'pg', 'better-sqlite3'], message: 'Only packages/db and the server know SQL.' };
const noTesting = { group: ['@fieldwork/testing', '@fieldwork/testing/*'], message: 'Test factories stay out of this layer.' };
const noIo = { group: ['node:*', 'fs', 'path', 'http', 'fastify', 'react', 'react-dom'], message: 'packages/domain is pure: zod and date-fns only.' };

/**
 * Thin routes -> services -> repositories: a route or service asks a repository and never builds SQL itself (no
 * query-builder call, no raw `sql`), so every query of a module is in its *.repository.ts (or packages/db).
 */
const QUERY_METHODS = [
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'with',
  'withRecursive',
  'executeQuery',
  'where',
  'whereRef',
  'innerJoin',
  'leftJoin',
  'groupBy',
  'having',
  'returning',
  'onConflict',
  'executeTakeFirst',
  'executeTakeFirstOrThrow',
];
const noSqlHere = {
  'no-restricted-syntax': [
    'error',
    {
      selector: `CallExpression[callee.type='MemberExpression'][callee.property.name=/^(${QUERY_METHODS.join('|')})$/]`,
      message: "SQL is built only in repositories: move this query into the module's *.repository.ts and call it from here.",
    },
  ],
  'no-restricted-imports': [
    'error',
    {
      paths: [
        {
          name: 'kysely',
          importNames: ['sql', 'expressionBuilder', 'CompiledQuery'],
          message: 'SQL is built only in repositories (*.repository.ts) and packages/db.',
        },
      ],
    },
  ],
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'test-results/**', 'data/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', URL: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      'no-undef': 'off',
    },
  },
  {
    files: ['packages/domain/src/**'],
    rules: restrict([noServer, noWeb, noDb, noTesting, noIo, { group: ['@fieldwork/pdf', '@fieldwork/pdf/*'], message: 'domain depends on nothing of ours.' }]),
  },
  {
    files: ['packages/db/src/**'],
    rules: restrict([noServer, noWeb, noTesting, { group: ['@fieldwork/pdf', '@fieldwork/pdf/*'], message: 'db does not render PDFs.' }]),
  },
  { files: ['packages/pdf/src/**'], rules: restrict([noServer, noWeb, noDb, noTesting]) },
  { files: ['packages/testing/src/**'], rules: restrict([noServer, noWeb]) },
  { files: ['apps/web/src/**'], rules: restrict([noServer, noDb, noTesting]) },
  { files: ['apps/server/src/**/*.service.ts', 'apps/server/src/**/*.routes.ts'], rules: noSqlHere },
);
