import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { users } from '../db/schema';
import { setSubscription } from './trucks';

/**
 * Set for one test run by `prepareMigratedTemplate` (Vitest's globalSetup, server/src/test/global-setup.ts):
 * the PostgreSQL database every test file's database is created from, and the file holding the
 * migrated PGlite data folder every test file's in-memory database starts from. Without them (a
 * test file run outside Vitest, the benches) each database is migrated from scratch, as before.
 */
const TEMPLATE_DATABASE_ENV = 'FTF_TEST_TEMPLATE_DATABASE';
const PGLITE_SNAPSHOT_ENV = 'FTF_TEST_PGLITE_SNAPSHOT';
/** Set by the Vitest project of the tests that need no database (vitest.config.ts). */
const NO_DATABASE_ENV = 'FTF_TEST_NO_DATABASE';

const uniqueName = (prefix: string) => `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;

/** `adminUrl` (a PostgreSQL connection string) naming database `name` instead. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on a connection of its own (`create database` cannot run in a transaction or a pool's session). */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Migrates one database for the whole test run, so that a test file's database is a copy instead of
 * a fresh migration (seconds each): on PostgreSQL (`TEST_DATABASE_URL`) a template database that
 * `createTestDatabase` copies with `CREATE DATABASE … TEMPLATE`; on PGlite a dump of a migrated
 * in-memory database that each file loads. Returns the clean-up.
 */
export async function prepareMigratedTemplate(): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = uniqueName('ftf_template');
    await adminQuery(adminUrl, `create database ${name}`);
    // Closed again before any copy: PostgreSQL copies a template nobody is connected to.
    await (await openDatabase({ url: databaseUrl(adminUrl, name), poolMax: 1 })).close();
    process.env[TEMPLATE_DATABASE_ENV] = name;
    return async () => {
      delete process.env[TEMPLATE_DATABASE_ENV];
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    };
  }
  const handle = await openDatabase({});
  const client: unknown = (handle.db as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) {
    await handle.close();
    return async () => {};
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'ftf-test-snapshot-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await handle.close();
  process.env[PGLITE_SNAPSHOT_ENV] = file;
  return async () => {
    delete process.env[PGLITE_SNAPSHOT_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a throwaway
 * PostgreSQL database when TEST_DATABASE_URL is set (dropped again by `drop`). Both are copies of
 * the run's migrated template when there is one (`prepareMigratedTemplate`).
 */
export async function createTestDatabase(): Promise<{ handle: DatabaseHandle; url?: string; drop(): Promise<void> }> {
  if (process.env[NO_DATABASE_ENV]) {
    throw new Error(
      'This test file opens a database, but it runs in the Vitest project of the tests that need none: ' +
        'vitest.config.ts tells them apart by what the file imports (see touchesDatabase there).',
    );
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const snapshot = process.env[PGLITE_SNAPSHOT_ENV];
    const handle = await openDatabase(
      snapshot && existsSync(snapshot) ? { loadDataDir: new Blob([readFileSync(snapshot)]) } : {},
    );
    return { handle, drop: () => handle.close() };
  }
  const name = uniqueName('ftf_test');
  const template = process.env[TEMPLATE_DATABASE_ENV];
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = databaseUrl(adminUrl, name);
  const handle = await openDatabase({ url, poolMax: 5 });
  return {
    handle,
    url,
    drop: async () => {
      await handle.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * A fresh test database with one operator whose subscription is active, for service tests that
 * insert that operator's trucks themselves (the nearby-rule tables).
 */
export async function createDatabaseWithOperator(phone: string) {
  const test = await createTestDatabase();
  const [operator] = await test.handle.db
    .insert(users)
    .values({ phone, passwordHash: 'x', role: 'operator' })
    .returning({ id: users.id });
  await setSubscription(test.handle.db, operator!.id, 'active');
  return { ...test, operatorId: operator!.id };
}
