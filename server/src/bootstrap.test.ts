import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrap } from './bootstrap';
import { openDatabase } from './db/client';
import { foodTrucks, landmarks, menuItems, operatorSubscriptions, users } from './db/schema';
import { DEMO_ACCOUNTS, DEMO_FAVORITES, DEMO_LANDMARKS, DEMO_TRUCKS } from './db/seed';
import { EnvError, parseEnv } from './env';
import { createTestDatabase } from './test/database';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ftf-boot-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The database the server would use: PGlite under DATA_DIR, or a throwaway PostgreSQL database. */
async function databaseEnv(): Promise<{ vars: Record<string, string>; cleanup(): Promise<void> }> {
  const dataDir = tempDir();
  if (!process.env.TEST_DATABASE_URL) return { vars: { DATA_DIR: dataDir }, cleanup: async () => {} };
  const db = await createTestDatabase();
  await db.handle.close();
  return { vars: { DATA_DIR: dataDir, DATABASE_URL: db.url ?? '', DEMO_DATA: 'true' }, cleanup: db.drop };
}

// Each case opens one to three fresh databases and migrates them: about 10 s apiece on a busy 2-core machine.
describe('bootstrap', { timeout: 120_000 }, () => {
  it('migrates, seeds the demo data once, creates the admin, and starts again on the same database', async () => {
    const { vars, cleanup } = await databaseEnv();
    const env = parseEnv({ ...vars, ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'first-password' });
    const app = await bootstrap(env);
    const db = app.db;
    const [truckCount] = await db.select({ n: count() }).from(foodTrucks);
    expect(truckCount?.n).toBe(DEMO_TRUCKS.length);
    expect(new Set(DEMO_TRUCKS.map((t) => t.cuisine)).size).toBeGreaterThanOrEqual(10);
    expect(DEMO_TRUCKS.some((t) => t.cuisine === 'BBQ')).toBe(true);
    expect(DEMO_TRUCKS.some((t) => t.isOpen) && DEMO_TRUCKS.some((t) => !t.isOpen)).toBe(true);
    const [itemCount] = await db.select({ n: count() }).from(menuItems);
    expect(itemCount?.n).toBeGreaterThan(DEMO_TRUCKS.length * 2);
    const [sub] = await db.select({ status: operatorSubscriptions.status }).from(operatorSubscriptions);
    expect(sub?.status).toBe('active');
    const [admin] = await db.select({ role: users.role }).from(users).where(eq(users.username, 'boss'));
    expect(admin?.role).toBe('admin');
    expect(app.config.demoData).toBe(true);

    // The demo credentials the login tab shows really sign in.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
    const tokens: Record<string, string> = {};
    for (const account of DEMO_ACCOUNTS) {
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: account.phone, password: account.password }),
      });
      expect(res.status).toBe(200);
      tokens[account.role] = ((await res.json()) as { token: string }).token;
    }
    // The demo customer's Favorites has trucks in it, not "No favorites yet".
    const favorites = (await (await fetch(`${base}/api/favorites`, { headers: { authorization: `Bearer ${tokens.customer}` } })).json()) as Array<{ name: string }>;
    expect(favorites.map((t) => t.name).sort()).toEqual([...DEMO_FAVORITES].sort());
    const hint = (await (await fetch(`${base}/api/app-config`)).json()) as { demoCredentials: unknown[] };
    expect(hint.demoCredentials).toHaveLength(2);
    // With the built-in payment provider, the demo's open trucks take orders ahead out of the box.
    const [open] = await db.select({ id: foodTrucks.id }).from(foodTrucks).where(eq(foodTrucks.isOpen, true)).limit(1);
    const ordering = (await (await fetch(`${base}/api/food-trucks/${open?.id}/ordering`)).json()) as { accepting: boolean; paymentMode: string };
    expect(ordering).toMatchObject({ accepting: true, paymentMode: 'test' });
    await app.close();

    // A second start: migrations are a no-op, no second copy of the demo data, admin password updated.
    const again = await bootstrap(
      parseEnv({ ...vars, ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'second-password' }),
    );
    const [truckCountAgain] = await again.db.select({ n: count() }).from(foodTrucks);
    expect(truckCountAgain?.n).toBe(DEMO_TRUCKS.length);
    const [admins] = await again.db.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
    expect(admins?.n).toBe(1);
    // A demo database from before landmarks were data gets the demo city's at the next start, once.
    expect((await again.db.select().from(landmarks)).map((l) => l.name)).toEqual(DEMO_LANDMARKS.map((l) => l.name));
    await again.db.delete(landmarks);
    await again.close();
    const third = await bootstrap(parseEnv(vars));
    const [landmarkCount] = await third.db.select({ n: count() }).from(landmarks);
    expect(landmarkCount?.n).toBe(DEMO_LANDMARKS.length);
    await third.close();
    await cleanup();
  });

  it('does not seed or show demo credentials when DEMO_DATA=false', async () => {
    const { vars, cleanup } = await databaseEnv();
    const app = await bootstrap(parseEnv({ ...vars, DEMO_DATA: 'false' }));
    const [truckCount] = await app.db.select({ n: count() }).from(foodTrucks);
    expect(truckCount?.n).toBe(0);
    expect(app.config.demoData).toBe(false);
    await app.close();
    await cleanup();
  });
});

describe('issue 7 (High): ADMIN_USERNAME never promotes an existing account', () => {
  it('refuses to start when ADMIN_USERNAME names a customer, and changes nothing', async () => {
    const { vars, cleanup } = await databaseEnv();
    const first = await bootstrap(parseEnv({ ...vars, DEMO_DATA: 'false' }));
    const signup = await first.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'bigboss', phone: '5125550177', password: 'customer-pass-1' },
    });
    expect(signup.statusCode).toBe(201);
    const { token } = signup.json<{ token: string }>();
    await first.close();

    const refused = bootstrap(
      parseEnv({ ...vars, DEMO_DATA: 'false', ADMIN_USERNAME: 'BigBoss', ADMIN_PASSWORD: 'admin-pass-123' }),
    );
    await expect(refused).rejects.toThrow(EnvError);
    await expect(refused).rejects.toThrow(
      "ADMIN_USERNAME 'BigBoss' belongs to an existing non-admin account; refusing to promote it. Choose another ADMIN_USERNAME (or remove that account) and start again.",
    );

    const after = await bootstrap(parseEnv({ ...vars, DEMO_DATA: 'false' }));
    const [row] = await after.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.username, 'bigboss'));
    expect(row?.role).toBe('customer');
    const me = await after.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json<{ role: string }>().role).toBe('customer');
    await after.close();
    await cleanup();
  });

  it('keeps the admin signed in across restarts with the same password, and signs it out when the password changes', async () => {
    const { vars, cleanup } = await databaseEnv();
    const admin = { ...vars, DEMO_DATA: 'false', ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'first-password' };
    const first = await bootstrap(parseEnv(admin));
    const signin = await first.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'chief', password: 'first-password' },
    });
    const auth = { authorization: `Bearer ${signin.json<{ token: string }>().token}` };
    await first.close();
    const same = await bootstrap(parseEnv(admin));
    expect((await same.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(200);
    await same.close();
    const changed = await bootstrap(parseEnv({ ...admin, ADMIN_PASSWORD: 'second-password' }));
    expect((await changed.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(
      401,
    );
    await changed.close();
    await cleanup();
  });
});

describe('server start-up', () => {
  it('stops with one clear line naming a bad variable', async () => {
    const run = promisify(execFile);
    const result = await run(path.join(root, 'node_modules/.bin/tsx'), ['server/src/server.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: tempDir() },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (err: { code: number; stderr: string }) => ({ code: err.code, stderr: err.stderr }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid environment variable PORT: must be a number');
  });

  it('refuses a second process on the same embedded database with one clear line, and takes over a stale lock', async () => {
    const dataDir = tempDir();
    const held = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    const run = promisify(execFile);
    const result = await run(path.join(root, 'node_modules/.bin/tsx'), ['server/src/server.ts'], {
      cwd: root,
      env: { ...process.env, PORT: '5999', DATA_DIR: dataDir, DATABASE_URL: '' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (err: { code: number; stderr: string }) => ({ code: err.code, stderr: err.stderr }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(
      new RegExp(`^The embedded database in .+ is in use by another process \\(pid ${process.pid} on .+\\)\\. It serves one process: .+DATABASE_URL.+$`),
    );
    await held.close();
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

    // A lock left by a process that no longer exists (killed with SIGKILL, say) does not block a restart.
    writeFileSync(path.join(dataDir, 'pglite.lock'), JSON.stringify({ pid: 2 ** 22 + 1, host: hostname() }));
    const again = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await again.close();
  }, 60_000);

  it.each([
    ['web', true, 'off'],
    ['worker', false, 'started'],
  ] as const)(
    'with PROCESS_ROLE=%s serves HTTP: %s, workers: %s',
    async (role, serves, workers) => {
      const { vars, cleanup } = await databaseEnv();
      const port = 5400 + Math.floor(Math.random() * 400);
      const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['server/src/server.ts'], {
        cwd: root,
        env: {
          ...process.env,
          ...vars,
          PORT: String(port),
          HOST: '127.0.0.1',
          PROCESS_ROLE: role,
          NODE_ENV: 'production',
          PAYMENTS_TEST_MODE: '1',
          JWT_SECRET: 'x'.repeat(40),
          LOG_LEVEL: 'info',
        },
      });
      try {
        const ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
          let out = '';
          child.stdout.on('data', (chunk: Buffer) => {
            out += chunk.toString();
            for (const line of out.split('\n')) {
              if (!line.includes('process ready')) continue;
              resolve(JSON.parse(line) as Record<string, unknown>);
            }
          });
          child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
        });
        expect(ready).toMatchObject({ role, workers });
        const health = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.status,
          () => 'refused',
        );
        expect(health).toBe(serves ? 200 : 'refused');
      } finally {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
        await cleanup();
      }
    },
    120_000,
  );
});
