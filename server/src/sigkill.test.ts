/**
 * A server process killed with SIGKILL in the middle of writes (issue 13, Faults): started again on
 * the same database — the embedded one's DATA_DIR, or PostgreSQL — it opens it, and every write it
 * had acknowledged (a 201) is there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@shared/contracts';
import { openDatabase } from './db/client';
import { users } from './db/schema';
import { createTestDatabase } from './test/database';
import { uniquePhone } from './test/harness';
import { freePort, spawnServer, type ServerProcess } from './test/server-process';

const started: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const p of started.splice(0)) {
    if (p.child.exitCode === null && p.child.signalCode === null) {
      p.child.kill('SIGKILL');
      await p.exited;
    }
  }
  for (const fn of cleanups.splice(0)) await fn();
});

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = spawnServer(await freePort(), {
    DEMO_DATA: 'false',
    JWT_SECRET: 'sigkill-test-secret-'.repeat(3),
    // Every account comes from 127.0.0.1 here.
    SIGNUPS_PER_ADDRESS_PER_HOUR: '1000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    ...env,
  });
  started.push(server);
  await server.ready;
  return server;
}

/**
 * Four clients sign customers up as fast as the server answers until the process dies; resolves
 * with the accounts it acknowledged once at least `before` were acknowledged and the process was
 * killed with requests still in flight.
 */
async function signUpsUntilKilled(server: ServerProcess, before: number): Promise<AuthResponse['user'][]> {
  const acknowledged: AuthResponse['user'][] = [];
  let killed = false;
  const client = async () => {
    while (!killed) {
      try {
        const res = await fetch(`${server.url}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone: uniquePhone(), password: 'correct-horse-1', role: 'customer' }),
        });
        const body = (await res.json()) as AuthResponse;
        if (res.status === 201) acknowledged.push(body.user);
        if (acknowledged.length >= before && !killed) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      } catch {
        /* the process died under this request: not acknowledged */
      }
    }
  };
  await Promise.all([client(), client(), client(), client()]);
  await server.exited;
  return acknowledged;
}

describe('SIGKILL mid-write', () => {
  it('the embedded database: restarted on the same DATA_DIR it opens, with every acknowledged write', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ftf-sigkill-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };

    const first = await start(env);
    const acknowledged = await signUpsUntilKilled(first, 30);
    expect(first.child.signalCode).toBe('SIGKILL');

    // The lock the killed process left is taken over; the database opens and serves.
    const second = await start(env);
    expect((await fetch(`${second.url}/api/ready`)).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const ids = acknowledged.map((u) => u.id);
      const found = await database.db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
      expect(found.map((r) => r.id).sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b));
    } finally {
      await database.close();
    }
  }, 180_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'PostgreSQL: restarted, it serves again, with every acknowledged write',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'ftf-sigkill-'));
      const pg = await createTestDatabase();
      cleanups.push(async () => {
        await pg.drop();
        rmSync(dataDir, { recursive: true, force: true });
      });
      const env = { DATA_DIR: dataDir, DATABASE_URL: pg.url ?? '' };

      const first = await start(env);
      const acknowledged = await signUpsUntilKilled(first, 30);
      expect(first.child.signalCode).toBe('SIGKILL');
      const second = await start(env);
      expect((await fetch(`${second.url}/api/ready`)).status).toBe(200);

      const ids = acknowledged.map((u) => u.id);
      const found = await pg.handle.db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
      expect(found.map((r) => r.id).sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b));
    },
    180_000,
  );
});
