import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, ErrorResponse, FoodTruck, MenuItem } from '@shared/contracts';
import { buildApp } from './app';
import { foodTrucks, menuItems } from './db/schema';
import { startTestServer, type TestServer } from './test/harness';
import { insertTruck } from './test/trucks';

/**
 * Issue 7's findings about input and HTTP hardening, each reproduced over real HTTP (each test
 * answered 500, or accepted the request, before the fix).
 */
let server: TestServer;
let operator: AuthResponse;
let truck: FoodTruck;
beforeAll(async () => {
  server = await startTestServer();
  operator = await server.signUpSubscribedOperator();
  const created = await server.request<FoodTruck>('POST', '/api/food-trucks', {
    token: operator.token,
    body: { name: 'Hardened Tacos', cuisine: 'Mexican' },
  });
  if (created.status !== 201) throw new Error(`truck: ${created.status}`);
  truck = created.body;
});
afterAll(() => server.close());

const NUL = '\u0000';
const count = async (table: typeof foodTrucks | typeof menuItems) =>
  (await server.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;

describe('issue 7 (Medium): 500s from input', () => {
  it.each([
    ['login username', '/api/auth/login', { username: `ma${NUL}ria`, password: 'whatever-1' }],
    ['login password', '/api/auth/login', { username: 'maria', password: `pass${NUL}word` }],
    [
      'register username',
      '/api/auth/register',
      { username: `ma${NUL}ria`, phone: '5125550142', password: 'long-enough-1' },
    ],
    [
      'register email',
      '/api/auth/register',
      { email: `m${NUL}@example.com`, phone: '5125550143', password: 'long-enough-1' },
    ],
  ])('answers 400 for a NUL character in the %s', async (_field, path, body) => {
    const res = await server.request<ErrorResponse>('POST', path, { body });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  it.each([
    ['name', { name: `Taco${NUL}s`, cuisine: 'Mexican' }],
    ['description', { name: 'Tacos', cuisine: 'Mexican', description: `x${NUL}` }],
    ['address', { name: 'Tacos', cuisine: 'Mexican', address: `1 Main${NUL}St` }],
    ['phone', { name: 'Tacos', cuisine: 'Mexican', phone: `512${NUL}` }],
    ['cuisine', { name: 'Tacos', cuisine: `Mexican${NUL}` }],
    ['image', { name: 'Tacos', cuisine: 'Mexican', image: `/objects/${NUL}` }],
  ])('answers 400 for a NUL character in a truck %s, and creates nothing', async (_field, body) => {
    const before = await count(foodTrucks);
    const res = await server.request<ErrorResponse>('POST', '/api/food-trucks', {
      token: operator.token,
      body,
    });
    expect(res.status).toBe(400);
    expect(await count(foodTrucks)).toBe(before);
  });

  it('answers 400 for a NUL character in a truck update or a menu item, and changes nothing', async () => {
    const update = await server.request('PATCH', `/api/food-trucks/${truck.id}`, {
      token: operator.token,
      body: { name: `Renamed${NUL}` },
    });
    expect(update.status).toBe(400);
    const before = await count(menuItems);
    for (const body of [
      { foodTruckId: truck.id, name: `Taco${NUL}`, price: 3 },
      { foodTruckId: truck.id, name: 'Taco', price: 3, description: `${NUL}` },
    ]) {
      const res = await server.request('POST', '/api/menu-items', { token: operator.token, body });
      expect(res.status).toBe(400);
    }
    expect(await count(menuItems)).toBe(before);
    const stored = await server.request<FoodTruck>('GET', `/api/food-trucks/${truck.id}`);
    expect(stored.body.name).toBe('Hardened Tacos');
  });

  it.each(['1e-320', '0', '-1', '0.00001', 'Infinity', 'NaN', '1e400', '', '0x10'])(
    'answers 400 for radiusMiles=%s',
    async (radius) => {
      const res = await server.request<ErrorResponse>(
        'GET',
        `/api/food-trucks/active?lat=30.26&lng=-97.74&radiusMiles=${radius}`,
      );
      expect(res.status).toBe(400);
    },
  );

  it('reads lat=&lng= as missing numbers (400), not as the point 0,0', async () => {
    const res = await server.request<ErrorResponse>('GET', '/api/food-trucks/active?lat=&lng=');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('lat must be a number');
  });

  it('takes subnormal coordinates as 0 instead of failing in the database', async () => {
    const res = await server.request('GET', '/api/food-trucks/active?lat=1e-320&lng=-1e-320&radiusMiles=5');
    expect(res.status).toBe(200);
    const moved = await server.request<FoodTruck>('PATCH', `/api/food-trucks/${truck.id}/location`, {
      token: operator.token,
      body: { latitude: 1e-320, longitude: -97.5 },
    });
    expect(moved.status).toBe(200);
    expect([moved.body.latitude, moved.body.longitude]).toEqual([0, -97.5]);
    // Both subnormal is the truck at 0, 0: refused as a mistake (ADR 0100), not a database error.
    const nowhere = await server.request<ErrorResponse>('PATCH', `/api/food-trucks/${truck.id}/location`, {
      token: operator.token,
      body: { latitude: 1e-320, longitude: 5e-324 },
    });
    expect(nowhere.status).toBe(400);
  });

  it('reads ids strictly as decimal: /api/food-trucks/0x<id> is not the truck', async () => {
    const row = await insertTruck(server.db, operator.user.id, { name: 'Id Check' });
    expect((await server.request('GET', `/api/food-trucks/${row.id}`)).status).toBe(200);
    for (const id of [
      `0x${row.id.toString(16)}`,
      `${row.id}.0`,
      `+${row.id}`,
      `%20${row.id}`,
      `${row.id}e0`,
      '1e1',
      '99999999999',
    ]) {
      const res = await server.request<ErrorResponse>('GET', `/api/food-trucks/${id}`);
      expect(res.status, id).toBe(404);
    }
    const patched = await server.request('PATCH', `/api/food-trucks/0x${row.id.toString(16)}`, {
      token: operator.token,
      body: { name: 'Not This One' },
    });
    expect(patched.status).toBe(404);
  });

  it.each([[true], [[1]], [''], ['abc'], [{}], ['0x10'], [null]])(
    'does not take price %j for a price',
    async (price) => {
      const before = await count(menuItems);
      const res = await server.request<ErrorResponse>('POST', '/api/menu-items', {
        token: operator.token,
        body: { foodTruckId: truck.id, name: 'Elote', price },
      });
      expect(res.status).toBe(400);
      expect(await count(menuItems)).toBe(before);
    },
  );

  it('still takes a price as a number or as the decimal text of the form', async () => {
    for (const price of [4.5, '4.50']) {
      const res = await server.request<MenuItem>('POST', '/api/menu-items', {
        token: operator.token,
        body: { foodTruckId: truck.id, name: 'Elote', price },
      });
      expect(res.status).toBe(201);
      expect(res.body.price).toBe(4.5);
    }
  });

  it('answers 4xx, not 500, for ids in bodies beyond the database integer', async () => {
    const res = await server.request('POST', '/api/menu-items', {
      token: operator.token,
      body: { foodTruckId: 2 ** 31, name: 'Elote', price: 3 },
    });
    expect(res.status).toBe(404); // no such truck (menu-items.api.test.ts says the same)
  });

  it('maps a data error the database raises for an input value to 400, as a last line of defence', async () => {
    const app = await buildApp({
      database: server.database,
      integrations: server.app.integrations,
      config: { ...server.config, jwtSecret: randomBytes(32).toString('hex') },
    });
    app.get('/test/nul', () => app.db.execute(sql`select ${`a${NUL}b`}::text as v`));
    app.get('/test/overflow', () => app.db.execute(sql`select ${'99999999999'}::integer as v`));
    try {
      for (const url of ['/test/nul', '/test/overflow']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(400);
        expect(res.json<ErrorResponse>().message).toBe('This request contains a value that cannot be stored');
      }
    } finally {
      await app.close();
    }
  });
});

/** Sends only the headers and the first bytes of a body of `declaredBytes`, and resolves with the answer's status. */
function answerBeforeBody(
  url: string,
  path: string,
  declaredBytes: number,
  headers: Record<string, string> = {},
) {
  return new Promise<number>((resolve, reject) => {
    const req = request(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(declaredBytes), ...headers },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', reject);
    req.write('{"name":"');
  });
}

describe('issue 7 (Medium): large bodies before authentication', () => {
  it('refuses an anonymous caller with 401 before reading the body it announced (80 MB)', async () => {
    // The body never arrives: an answer proves the server did not wait for (or parse) it.
    for (const path of ['/api/food-trucks', '/api/menu-items', '/api/objects/upload', '/api/events/ticket'])
      expect(await answerBeforeBody(server.url, path, 80 * 1024 * 1024), path).toBe(401);
  });

  it('refuses a signed-in caller without the role with 403, also before reading the body', async () => {
    const customer = await server.signUp('customer');
    expect(
      await answerBeforeBody(server.url, '/api/food-trucks', 80 * 1024 * 1024, {
        authorization: `Bearer ${customer.token}`,
      }),
    ).toBe(403);
  });

  it('limits bodies to 1 MB by default (413 JSON), larger only where data URLs are still accepted', async () => {
    const big = 'x'.repeat(1024 * 1024 + 10);
    const login = await server.request<ErrorResponse>('POST', '/api/auth/login', {
      body: { username: big, password: 'x' },
    });
    expect(login.status).toBe(413);
    expect(typeof login.body.message).toBe('string');
    const location = await server.request('PATCH', `/api/food-trucks/${truck.id}/location`, {
      token: operator.token,
      body: { latitude: 30, longitude: -97, address: big },
    });
    expect(location.status).toBe(413);
    // A truck update may still carry a data URL: the body is read and the field checked (400, not 413).
    const update = await server.request<ErrorResponse>('PATCH', `/api/food-trucks/${truck.id}`, {
      token: operator.token,
      body: { image: `data:image/png;base64,${'A'.repeat(2 * 1024 * 1024)}` },
    });
    expect(update.status).not.toBe(413);
    expect(update.status).toBeLessThan(500);
  });
});

describe('issue 7 (Low): security headers', () => {
  let site: TestServer;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'ftf-client-'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Food Truck Finder</title>');
    site = await startTestServer({ clientDir, trustProxy: true });
  });
  afterAll(async () => {
    await site.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/find-trucks',
    '/api/health',
    '/api/food-trucks/active',
    '/api/does-not-exist',
    '/objects/nope',
  ])('sends CSP, frame-ancestors none, nosniff and a Referrer-Policy on %s', async (url) => {
    const res = await site.request('GET', url);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/img-src [^;]*https:\/\/\*\.tile\.openstreetmap\.org/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS only when the answer is served over HTTPS (here: behind a trusted proxy)', async () => {
    const res = await site.request('GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('sends the headers on the event stream too', async () => {
    const controller = new AbortController();
    const res = await fetch(`${site.url}/api/events`, { signal: controller.signal });
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    controller.abort();
  });
});
