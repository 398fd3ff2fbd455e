import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, ErrorResponse } from '@shared/contracts';
import type { AppConfig } from './app';
import sharp from 'sharp';
import { foodTrucks, rateLimits, smsOutbox, storedObjects, userFavorites, users } from './db/schema';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './lib/rate-limits';
import { SIGN_IN_THROTTLED } from './modules/auth/sign-in-throttle';
import { PUBLIC_READ_ROUTES } from './plugins/public-read-cors';
import { MinuteWindows, PUBLIC_READ_LIMIT_MESSAGE } from './plugins/public-read-limit';
import { startTestServer, uniquePhone, type TestServer } from './test/harness';

/**
 * Abuse limits (issue 13, OWASP API4; ADR 0110): counted in the database, so they hold across
 * processes — proven with two app instances on one database (two connection pools on
 * PostgreSQL) — and no sign-in lock lasts longer than its window.
 */
const PASSWORD = 'correct-horse-1';
const limits: RateLimits = {
  ...DEFAULT_RATE_LIMITS,
  signInFailuresPerAccount: 3,
  signInFailuresPerAddress: 5,
  signupsPerAddressPerHour: 1_000,
  truckOpeningsPerOperatorPerHour: 2,
  freeVoicePerDay: 2,
  uploadUrlsPerUserPerHour: 2,
  publicReadsPerAddressPerMinute: 3,
};
// Client addresses come from X-Forwarded-For (as behind nginx), so a test can be many addresses.
const config: Partial<AppConfig> = { trustProxy: true, rateLimits: limits, authRateLimitPerMinute: 10_000 };

let one: TestServer;
let two: TestServer;
beforeAll(async () => {
  one = await startTestServer(config);
  two = await startTestServer(config, { shareDatabaseWith: one });
});
afterAll(async () => {
  await two?.close();
  await one?.close();
});

let addressCounter = 0;
const freshAddress = () => `203.0.113.${(addressCounter += 1)}`;

function signIn(server: TestServer, username: string, password: string, address: string) {
  return server.request<AuthResponse & ErrorResponse>('POST', '/api/auth/login', {
    body: { username, password },
    headers: { 'x-forwarded-for': address },
  });
}

/** Ends every open window now, as if the time had passed. */
const endWindows = () => one.db.update(rateLimits).set({ resetAt: sql`now() - interval '1 second'` });

describe('sign-in throttling, shared by two app instances on one database', () => {
  it('refuses an account after 3 failures across both instances and many addresses, even with the right password', async () => {
    const account = await one.signUp('customer');
    const phone = account.user.phone ?? '';
    const statuses = [];
    for (const server of [one, two, one]) statuses.push((await signIn(server, phone, 'wrong-password-1', freshAddress())).status);
    expect(statuses).toEqual([401, 401, 401]);

    for (const server of [two, one]) {
      const refused = await signIn(server, phone, PASSWORD, freshAddress());
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(SIGN_IN_THROTTLED);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    }
    // The same account written another way is the same account.
    const formatted = `(${phone.slice(-10, -7)}) ${phone.slice(-7, -4)}-${phone.slice(-4)}`;
    expect((await signIn(two, formatted, PASSWORD, freshAddress())).status).toBe(429);
  });

  it('checks at most the limit of passwords when guesses arrive all at once (issue 32: counted before checking)', async () => {
    const account = await one.signUp('customer');
    const phone = account.user.phone ?? '';
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(i % 2 ? one : two, phone, `wrong-password-${i}`, freshAddress())),
    );
    const statuses = guesses.map((g) => g.status);
    // Each 401 is a password checked; the rest were refused before checking.
    expect(statuses.filter((s) => s === 401)).toHaveLength(limits.signInFailuresPerAccount);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - limits.signInFailuresPerAccount);
  });

  it('is never for ever: when the window ends the user signs in, and a success clears the count', async () => {
    const account = await one.signUp('customer');
    const phone = account.user.phone ?? '';
    for (let i = 0; i < 3; i += 1) await signIn(one, phone, 'wrong-password-1', freshAddress());
    expect((await signIn(two, phone, PASSWORD, freshAddress())).status).toBe(429);
    await endWindows();
    expect((await signIn(two, phone, PASSWORD, freshAddress())).status).toBe(200);
    // Cleared: two more failures do not lock (the count starts again).
    for (let i = 0; i < 2; i += 1) await signIn(one, phone, 'wrong-password-1', freshAddress());
    expect((await signIn(one, phone, PASSWORD, freshAddress())).status).toBe(200);
  });

  it('refuses an address that sprays many names (5 failures), while other addresses still sign in', async () => {
    const account = await one.signUp('customer');
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) {
      const server = i % 2 === 0 ? one : two;
      expect((await signIn(server, `nobody_${i}_${Date.now()}`, 'wrong-password-1', address)).status).toBe(401);
    }
    expect((await signIn(two, account.user.phone ?? '', PASSWORD, address)).status).toBe(429);
    expect((await signIn(one, account.user.phone ?? '', PASSWORD, freshAddress())).status).toBe(200);
  });
});

describe('per-route limits (@fastify/rate-limit on the database store) hold across instances', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ ...config, authRateLimitPerMinute: 4 });
    b = await startTestServer({ ...config, authRateLimitPerMinute: 4 }, { shareDatabaseWith: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('allows 4 sign-in attempts per address per minute in total, not 4 per process', async () => {
    const address = freshAddress();
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await signIn(i % 2 === 0 ? a : b, `someone_${i}`, 'wrong-password-1', address)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });
});

describe('caps that keep anyone from running up our bills', () => {
  it('caps account creation per address (register and register-customer together)', async () => {
    const capped = await startTestServer({ ...config, rateLimits: { ...limits, signupsPerAddressPerHour: 2 } });
    const second = await startTestServer({ ...config, rateLimits: { ...limits, signupsPerAddressPerHour: 2 } }, { shareDatabaseWith: capped });
    try {
      const address = freshAddress();
      const register = (server: TestServer, path: string) =>
        server.request<ErrorResponse>('POST', path, {
          body: { phone: uniquePhone(), password: PASSWORD },
          headers: { 'x-forwarded-for': address },
        });
      expect((await register(capped, '/api/auth/register')).status).toBe(201);
      expect((await register(second, '/api/auth/register-customer')).status).toBe(201);
      const before = (await capped.db.select({ n: count() }).from(users))[0]?.n;
      const refused = await register(second, '/api/auth/register');
      expect(refused.status).toBe(429);
      expect(typeof refused.body.message).toBe('string');
      expect((await capped.db.select({ n: count() }).from(users))[0]?.n).toBe(before);
      expect((await register(capped, '/api/auth/register')).status).toBe(429);
      // Another address is not affected.
      const other = await capped.request('POST', '/api/auth/register', {
        body: { phone: uniquePhone(), password: PASSWORD },
        headers: { 'x-forwarded-for': freshAddress() },
      });
      expect(other.status).toBe(201);
    } finally {
      await second.close();
      await capped.close();
    }
  });

  it('caps truck openings (each texts the favourites) per operator per hour: the third opening is 429 and texts nobody', async () => {
    const operator = await one.signUpSubscribedOperator();
    const customer = await one.signUp('customer');
    const created = await one.request<{ id: number }>('POST', '/api/food-trucks', {
      token: operator.token,
      body: { name: 'Capped Tacos', cuisine: 'Mexican' },
    });
    const truckId = created.body.id;
    await one.db.insert(userFavorites).values({ userId: customer.user.id, foodTruckId: truckId });
    const position = { latitude: 30.27, longitude: -97.74 };
    const open = (server: TestServer) =>
      server.request<ErrorResponse>('POST', `/api/food-trucks/${truckId}/open`, { token: operator.token, body: position });
    const close = (server: TestServer) => server.request('POST', `/api/food-trucks/${truckId}/close`, { token: operator.token });
    expect((await open(one)).status).toBe(200);
    expect((await close(two)).status).toBe(200);
    expect((await open(two)).status).toBe(200);
    expect((await close(one)).status).toBe(200);
    const texts = async () => (await one.db.select({ n: count() }).from(smsOutbox).where(eq(smsOutbox.foodTruckId, truckId)))[0]?.n;
    const textsBefore = await texts();
    const refused = await open(one);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    // Opening through the location call is the same opening.
    const viaLocation = await two.request('PATCH', `/api/food-trucks/${truckId}/location`, {
      token: operator.token,
      body: { ...position, isOpen: true },
    });
    expect(viaLocation.status).toBe(429);
    const [truck] = await one.db.select().from(foodTrucks).where(eq(foodTrucks.id, truckId));
    expect(truck?.isOpen).toBe(false);
    expect(await texts()).toBe(textsBefore);
    // Closing, moving and editing are not capped.
    expect((await close(two)).status).toBe(200);
  });

  it('caps free voice questions per day for all visitors together', async () => {
    const ask = (server: TestServer) =>
      server.request<ErrorResponse>('POST', '/api/voice-assistant-free', {
        body: { text: 'which trucks are open' },
        headers: { 'x-forwarded-for': freshAddress() },
      });
    await one.db.delete(rateLimits).where(eq(rateLimits.key, 'voice-free:all'));
    expect((await ask(one)).status).toBe(200);
    expect((await ask(two)).status).toBe(200);
    const refused = await ask(one);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Free uses exhausted');
  });

  it('caps upload URLs per uploader (not per address), across instances', async () => {
    const operator = await one.signUpSubscribedOperator();
    const other = await one.signUpSubscribedOperator();
    const url = (server: TestServer, session: AuthResponse) =>
      server.request('POST', '/api/objects/upload', {
        token: session.token,
        body: {},
        headers: { 'x-forwarded-for': freshAddress() },
      });
    expect([(await url(one, operator)).status, (await url(two, operator)).status, (await url(one, operator)).status]).toEqual([
      200, 200, 429,
    ]);
    expect((await url(two, other)).status).toBe(200);
  });

  it('counts files sent as data URLs in a truck call against the same cap (issue 32), and a refused call stores nothing', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } }).png().toBuffer();
    const dataUrl = `data:image/png;base64,${png.toString('base64')}`;
    const operator = await one.signUpSubscribedOperator();
    const created = await one.request<{ id: number }>('POST', '/api/food-trucks', {
      token: operator.token,
      body: { name: 'Gallery Truck', cuisine: 'Mexican', latitude: 30.27, longitude: -97.74 },
    });
    expect(created.status).toBe(201);
    const patch = (server: TestServer, gallery: string[]) =>
      server.request('PATCH', `/api/food-trucks/${created.body.id}`, { token: operator.token, body: { gallery } });
    const objects = async () =>
      (await one.db.select({ n: count() }).from(storedObjects).where(eq(storedObjects.ownerId, operator.user.id)))[0]?.n;
    // Two files as data URLs use up the hour (cap 2)…
    expect((await patch(one, [dataUrl, dataUrl])).status).toBe(200);
    expect(await objects()).toBe(2);
    // …so an upload URL is refused, and so is one more data URL, on either instance, storing nothing.
    expect((await one.request('POST', '/api/objects/upload', { token: operator.token, body: {} })).status).toBe(429);
    const refused = await patch(two, [dataUrl]);
    expect(refused.status).toBe(429);
    expect(await objects()).toBe(2);
  });
});

describe('free voice questions: refusals never spend the shared daily allowance (issue 32)', () => {
  // Two processes on one database; 6 free questions a day for everyone, 2 free uses and 3
  // questions worked on per address.
  const voiceConfig: Partial<AppConfig> = {
    ...config,
    rateLimits: { ...limits, freeVoicePerDay: 6 },
    voice: { ratePerMinute: 1000, freeUsesPerAddress: 2, freeAttemptsPerAddress: 3 },
  };
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer(voiceConfig);
    b = await startTestServer(voiceConfig, { shareDatabaseWith: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  const ask = (server: TestServer, text: string, address: string) =>
    server.request<ErrorResponse>('POST', '/api/voice-assistant-free', { body: { text }, headers: { 'x-forwarded-for': address } });
  const sharedCount = async () =>
    (await a.db.select({ hits: rateLimits.hits }).from(rateLimits).where(eq(rateLimits.key, 'voice-free:all')))[0]?.hits ?? 0;

  it('32 questions from one address leave a new visitor their first question', async () => {
    await a.db.delete(rateLimits).where(eq(rateLimits.key, 'voice-free:all'));
    const address = freshAddress();
    const statuses = [];
    for (let i = 0; i < 32; i++) statuses.push((await ask(i % 2 ? a : b, 'which trucks are open', address)).status);
    expect(statuses).toEqual([200, 200, ...Array<number>(30).fill(429)]);
    // Only the two answered questions were taken from everyone's allowance.
    expect(await sharedCount()).toBe(2);
    expect((await ask(a, 'which trucks are open', freshAddress())).status).toBe(200);
  });

  it('questions not understood count against their address, so they cannot spend it either', async () => {
    await a.db.delete(rateLimits).where(eq(rateLimits.key, 'voice-free:all'));
    const address = freshAddress();
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await ask(i % 2 ? a : b, 'sing me a song about the weather', address)).status);
    // Not understood: no free use is taken, but three questions a day is all one address gets worked on.
    expect(statuses).toEqual([200, 200, 200, ...Array<number>(7).fill(429)]);
    expect(await sharedCount()).toBe(3);
    expect((await ask(b, 'which trucks are open', freshAddress())).status).toBe(200);
  });
});

describe('the public read API, per client address (issue 14)', () => {
  const read = (server: TestServer, path: string, address: string) =>
    fetch(`${server.url}${path}`, { headers: { 'x-forwarded-for': address, origin: 'https://elsewhere.example' } });

  it('answers 429 JSON with Retry-After past the limit, across paths, without touching the database', async () => {
    const address = freshAddress();
    const paths = ['/api/food-trucks/active', '/api/food-trucks/upcoming-stops', '/api/food-trucks/999/schedule'];
    // Three reads on three paths use up the address's minute.
    const first = [];
    for (const path of paths) first.push((await read(one, path, address)).status);
    expect(first).toEqual([200, 200, 404]);

    const refused = await read(one, '/api/food-trucks/active', address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // Other sites' pages can read the refusal too.
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(await refused.json()).toEqual({ message: PUBLIC_READ_LIMIT_MESSAGE });

    // Another address is not affected, nor are routes outside the public read API.
    expect((await read(one, '/api/food-trucks/active', freshAddress())).status).toBe(200);
    expect((await read(one, '/api/health', address)).status).toBe(200);
    // Counted in memory: a polled list costs no database write.
    const [stored] = await one.db.select({ n: count() }).from(rateLimits).where(eq(rateLimits.key, `public-read|${address}`));
    expect(stored?.n).toBe(0);
  });

  it('counts the route served, however its path is spelt (issue 32: percent-encoding walked around it)', async () => {
    const address = freshAddress();
    // 'active', '1' and '.' percent-encoded.
    const spellings = ['/api/food-trucks/%61ctive', '/api/food-trucks/%31/menu', '/api/food-trucks/1/calendar%2eics'];
    const first = [];
    for (const path of spellings) first.push((await read(one, path, address)).status);
    // Each is served by its route (200, or 404 from the route: no truck 1 here)…
    expect(first.every((status) => status === 200 || status === 404)).toBe(true);
    // …and counted, so the address's minute is used up, and the CORS header is there on each.
    const refused = await read(one, '/api/food-trucks/%61ctive', address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('names only routes that exist, and are public GETs', () => {
    const publicGets = new Set(one.app.routeTable.filter((r) => r.method === 'GET' && r.access === 'public').map((r) => r.url));
    for (const route of PUBLIC_READ_ROUTES) expect(publicGets.has(route), route).toBe(true);
  });

  it('counts each address in one-minute windows that start over when the minute ends', () => {
    const windows = new MinuteWindows();
    const t0 = 1_000_000;
    expect(windows.take('a', t0)).toEqual({ hits: 1, ttlMs: 60_000 });
    expect(windows.take('a', t0 + 20_000)).toEqual({ hits: 2, ttlMs: 40_000 });
    expect(windows.take('b', t0 + 20_000)).toEqual({ hits: 1, ttlMs: 60_000 });
    expect(windows.take('a', t0 + 60_000)).toEqual({ hits: 1, ttlMs: 60_000 });
    windows.sweep(t0 + 90_000);
    expect(windows.size).toBe(1);
  });
});
