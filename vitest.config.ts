import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = {
  '@shared': here('./shared'),
  '@client': here('./client/src'),
  '@server': here('./server/src'),
};

/**
 * A server or shared test file uses a database when it opens one: through the test harness or
 * `createTestDatabase` (server/src/test/), `openDatabase`, or `TEST_DATABASE_URL` itself. The others
 * (project `unit`) do not depend on which database the run has, and `createTestDatabase` refuses to
 * run in them, so a file put in the wrong project fails instead of passing unnoticed.
 */
const touchesDatabase = (file: string) =>
  /test\/(harness|database)['"]|\bopenDatabase\b|\bTEST_DATABASE_URL\b/.test(readFileSync(here(file), 'utf8'));
const serverTests = ['server', 'shared'].flatMap((dir) =>
  readdirSync(here(dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `${dir}/${file.split('\\').join('/')}`),
);
const databaseTests = serverTests.filter(touchesDatabase);
const unitTests = serverTests.filter((file) => !touchesDatabase(file));

/**
 * `TEST_SCOPE=database` (the PostgreSQL leg of .ci/run, after a full run on PGlite) runs only the
 * tests whose result depends on the database: project `server`.
 */
const databaseOnly = process.env.TEST_SCOPE === 'database';

export default defineConfig({
  resolve: { alias },
  test: {
    // Test files wait on HTTP, the database and timers more than they compute: two at a time use
    // both cores (the default is one fewer than the cores: one, on the 2-core CI machine).
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: databaseTests,
          // One migrated database per run; each file's database is a copy of it (server/src/test/database.ts).
          globalSetup: ['server/src/test/global-setup.ts'],
          // A file's module graph (the whole app: Fastify, the AWS, Stripe and OpenAI SDKs…) took
          // seconds to import, per file: a worker imports it once. Nothing here mocks modules, and
          // every file builds its own app, database and integrations, so no state crosses files.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(databaseOnly
        ? []
        : [
            {
              resolve: { alias },
              test: {
                name: 'unit',
                environment: 'node' as const,
                include: unitTests,
                env: { FTF_TEST_NO_DATABASE: '1' },
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
            {
              plugins: [react()],
              resolve: { alias },
              test: {
                name: 'client',
                environment: 'jsdom' as const,
                // As the other projects: a test's time is not what it tests. utils.test's class-group
                // check (a merge per group over every class written) took 5.5 s in a CI run on two
                // busy cores, past vitest's 5 s default, and failed it (session 51).
                testTimeout: 30_000,
                include: ['client/**/*.test.{ts,tsx}'],
                setupFiles: ['client/src/test/setup.ts'],
              },
            },
          ]),
    ],
  },
});
