import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The client's layers (docs/decisions/0061-client-boundaries.md, 0134-truck-entity-layer.md). An
 * import may only go down: app (screens compose features) → features → entities (the truck code
 * every feature uses) → components → lib. A feature never imports another feature; the client never
 * imports the server; shared/ imports neither. The zones are checked on resolved files, so
 * `@client/...` aliases and relative paths are caught alike.
 */
const features = readdirSync('client/src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const boundaryZones = [
  {
    target: './client/src/lib',
    from: ['./client/src/app', './client/src/features', './client/src/entities', './client/src/components'],
    message: 'lib/ is the bottom layer: move the shared code here, or compose in a screen (client/src/app/routes).',
  },
  {
    target: './client/src/components',
    from: ['./client/src/app', './client/src/features', './client/src/entities'],
    message: 'components/ never import entities, features or screens: pass data in as props, or compose in a screen.',
  },
  {
    target: './client/src/entities',
    from: ['./client/src/app', './client/src/features'],
    message: 'entities/ (the truck code every feature uses) never import features or the shell: pass data in, or compose in a screen.',
  },
  {
    target: './client/src/features',
    from: './client/src/app',
    message: 'Features never import screens or the shell.',
  },
  ...features.map((feature) => ({
    target: `./client/src/features/${feature}`,
    from: './client/src/features',
    except: [`./${feature}`],
    message: `A feature never imports another feature: move the shared code to client/src/lib, or compose both in a screen (client/src/app/routes).`,
  })),
  { target: './client', from: './server', message: 'The client never imports server code.' },
  { target: './shared', from: ['./client', './server'], message: 'shared/ imports only zod.' },
];

/**
 * Server modules (docs/decisions/0130-one-truck-feed.md): a route plugin only registers routes, and
 * no module runs its own timer loop — periodic work is a worker's (server/src/workers/), a
 * process-wide listener the truck feed's (built by buildApp). The one allowance is the event hub,
 * whose heartbeat belongs to its open streams (and whose one-shot read retry is not a loop).
 */
const TIMER_MESSAGE =
  'No timers under server/src/modules: periodic work goes to server/src/workers/ (the runner), process-wide state to buildApp and the truck feed (ADR 0130).';
const moduleTimerRule = [
  'error',
  { selector: "CallExpression[callee.name=/^set(Interval|Timeout|Immediate)$/]", message: TIMER_MESSAGE },
  {
    selector: "CallExpression[callee.object.name=/^(globalThis|global)$/][callee.property.name=/^set(Interval|Timeout|Immediate)$/]",
    message: TIMER_MESSAGE,
  },
  {
    selector: "CallExpression[callee.property.name=/^(listen|onNotificationGap)$/][callee.object.property.name='database']",
    message: 'No LISTEN in modules: subscribe to the truck feed (app.truckFeed, built by buildApp; ADR 0130).',
  },
];
const moduleTimerImportPaths = ['timers', 'node:timers', 'timers/promises', 'node:timers/promises'].map((name) => ({
  name,
  message: TIMER_MESSAGE,
}));
/** Route modules take their error responses from errorResponses(...), never the schema itself. */
const errorSchemaImports = {
  group: ['**/shared/contracts', '**/shared/contracts/*', '@shared/contracts', '@shared/contracts/*'],
  importNames: ['errorResponseSchema'],
  message: "A route's error responses come from errorResponses(...) in server/src/lib/route-params.ts.",
};

/** One way to import shared/ everywhere (issue 23): the `@shared` alias, never a relative path. */
const relativeSharedImports = {
  regex: '^(\\.\\./)+shared/',
  message: "Import shared/ as '@shared/…', as the client does (tsconfig paths; tsx, Vite and Vitest resolve it).",
};

/**
 * trucks ↔ subscriptions (ADR 0130): the subscription lifecycle calls the trucks module to publish
 * an operator's visibility (with the status it just wrote); the trucks module uses only the
 * subscription gate, a leaf that imports no module. So no call goes back and forth between them.
 */
const moduleZones = [
  {
    target: './server/src/modules/trucks',
    from: './server/src/modules/subscriptions',
    except: ['./subscriptions.service.ts'],
    message: 'The trucks module uses only the subscription gate (subscriptions.service.ts): the subscriptions module calls trucks, not the reverse.',
  },
  {
    target: './server/src/modules/subscriptions/subscriptions.service.ts',
    from: './server/src/modules',
    message: 'The subscription gate is a leaf: it imports no module, so every module may use it without a cycle.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'test-results', 'playwright-report', 'server/src/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}', 'shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaryZones }] },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@server/*', '@client/*', 'react', 'drizzle-orm*'], message: 'shared/ imports only zod.' }] }],
    },
  },
  {
    // One style of API file (docs/decisions/0065-client-api-files.md): functions are declared, not arrow constants.
    files: ['client/src/features/*/api/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            ':matches(Program, ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator[init.type=/^(ArrowFunctionExpression|FunctionExpression)$/]',
          message: 'In an api/ file, write `export function useX()` / `function xQuery()`, not a const arrow (ADR 0065).',
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'deploy/**/*.ts', 'client/**/*.{ts,tsx}', '*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [relativeSharedImports] }] },
  },
  {
    // Icons by their own modules (ADR 0177): through lucide's barrel the build cannot tell which
    // screen uses which icon, and every icon two screens share became a file of its own.
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'lucide-react',
              allowTypeImports: true,
              message: "Import each icon from its own module: `import Search from 'lucide-react/icons/search'` (ADR 0177).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/modules/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [errorSchemaImports, relativeSharedImports] }] },
  },
  {
    files: ['server/src/modules/**/*.ts'],
    ignores: ['server/src/modules/**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
      // import-x reads the imported TypeScript files too (to follow cycles through them).
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'no-restricted-syntax': moduleTimerRule,
      // One rule value per file: the error-schema pattern above is repeated here, beside the timers.
      'no-restricted-imports': ['error', { patterns: [errorSchemaImports, relativeSharedImports], paths: moduleTimerImportPaths }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: moduleZones }],
    },
  },
  {
    // The event hub's stream heartbeat (and its one-shot retry of a failed read): see TruckEventHub.
    files: ['server/src/modules/events/truck-event-hub.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
