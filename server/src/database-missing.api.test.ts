import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { EXPECTED_SCHEMA_VERSION } from './db/schema-version';
import { adminQuery } from './test/database';
import { startTestServer, type TestServer } from './test/harness';

/**
 * Issue 32: a dropped or emptied database answered 500 on every call, while /api/ready said 503
 * (dropped) or 200 (re-created empty). Both are an outage: 503 with Retry-After, and not ready.
 */
const TEST_PG = process.env.TEST_DATABASE_URL;
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Calls that each need the database: a sign-in, a signed-in read, a write. */
async function expectUnavailable(running: TestServer, token: string) {
  const calls = [
    running.request('POST', '/api/auth/login', { body: { username: 'someone', password: 'correct-horse-1' } }),
    running.request('GET', '/api/favorites', { token }),
    running.request('POST', '/api/auth/register', { body: { phone: '+15125550199', password: 'correct-horse-1' } }),
  ];
  for (const res of await Promise.all(calls)) {
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'The service is briefly unavailable. Please try again in a few seconds.' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  }
  const ready = await running.request('GET', '/api/ready');
  expect(ready.status).toBe(503);
  expect(ready.body).toEqual({ status: 'unavailable' });
}

describe('a database without the schema (dropped and re-created empty)', () => {
  it('answers 503 with Retry-After, and is not ready', async () => {
    server = await startTestServer();
    const customer = await server.signUp('customer');
    expect((await server.request('GET', '/api/ready')).status).toBe(200);
    await server.db.execute(sql`drop schema drizzle cascade`);
    await server.db.execute(sql`drop schema public cascade`);
    await server.db.execute(sql`create schema public`);
    await expectUnavailable(server, customer.token);
  });

  it('is not ready while its schema is older than this code (migrations not applied)', async () => {
    server = await startTestServer();
    await server.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${EXPECTED_SCHEMA_VERSION}`);
    expect((await server.request('GET', '/api/ready')).status).toBe(503);
  });
});

describe.skipIf(!TEST_PG)('a dropped PostgreSQL database', () => {
  it('answers 503 with Retry-After, and is not ready', async () => {
    server = await startTestServer();
    const customer = await server.signUp('customer');
    const name = new URL(server.databaseUrl ?? '').pathname.slice(1);
    await adminQuery(TEST_PG ?? '', `drop database ${name} with (force)`);
    await expectUnavailable(server, customer.token);
  });
});
