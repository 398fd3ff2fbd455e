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
    files: ['server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/shared/contracts', '**/shared/contracts/*', '@shared/contracts', '@shared/contracts/*'],
              importNames: ['errorResponseSchema'],
              message: "A route's error responses come from errorResponses(...) in server/src/lib/route-params.ts.",
            },
          ],
        },
      ],
    },
  },
);
