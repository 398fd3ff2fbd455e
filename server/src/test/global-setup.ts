import { prepareMigratedTemplate } from './database';

/**
 * Vitest globalSetup of the tests that use a database (vitest.config.ts): migrates one database for
 * the run, which every test file's database is copied from (server/src/test/database.ts).
 */
export default async function setup(): Promise<() => Promise<void>> {
  return prepareMigratedTemplate();
}
