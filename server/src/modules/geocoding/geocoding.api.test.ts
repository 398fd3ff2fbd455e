import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@shared/contracts';
import { GEOCODING_UNAVAILABLE, type GeocodedPlace } from '@shared/contracts/geocoding';
import { HttpGeocoding } from '../../integrations/geocoding';
import { startFakeGeocoder, RAINEY, type FakeGeocoder } from '../../test/fake-geocoder';
import { dbFingerprint } from '../../test/db-fingerprint';
import { signUpCast, startTestServer, type TestCast, type TestServer } from '../../test/harness';
import { insertTruck } from '../../test/trucks';

/** A word no other test writes, so the known places each test finds are its own. */
const tag = `zq${Date.now().toString(36)}`;
const RAINEY_STOP = { address: `${tag} Rainey St`, ...RAINEY };
const search = (q: string, extra = '') => `/api/geocode/search?q=${encodeURIComponent(q)}${extra}`;

describe('GET /api/geocode/search and /reverse, offline (the places this deployment knows)', () => {
  let server: TestServer;
  let cast: TestCast;

  beforeAll(async () => {
    server = await startTestServer();
    cast = await signUpCast(server);
    const db = server.db;
    // Readable: a subscribed operator's truck and its stop.
    const truck = await insertTruck(db, cast.owner.user.id, { address: `${tag} Congress Ave & 6th`, latitude: 30.2682, longitude: -97.7429 });
    const stop = await server.request('POST', `/api/food-trucks/${truck.id}/schedule/stops`, {
      token: cast.owner.token,
      body: { kind: 'weekly', weekday: 6, startTime: '11:00', endTime: '14:00', ...RAINEY_STOP },
    });
    expect(stop.status).toBe(201);
    // Not readable by others: an unpaid operator's base address; never a name the server wrote.
    await insertTruck(db, cast.unpaid.user.id, { address: `${tag} Secret Yard Rainey`, latitude: 30.2588, longitude: -97.7384 });
    await insertTruck(db, cast.other.user.id, { address: `Near ${tag} Rainey St`, latitude: 30.25, longitude: -97.73 });
  });
  afterAll(() => server.close());

  it('lets operators and admins search, not customers or anonymous callers', async () => {
    const path = search(`${tag} rainey`);
    expect((await server.request('GET', path)).status).toBe(401);
    const customer = await server.request<{ message: string }>('GET', path, { token: cast.customer.token });
    expect(customer.status).toBe(403);
    expect(customer.body.message).toEqual(expect.any(String));
    for (const who of [cast.owner, cast.other, cast.unpaid, cast.admin]) {
      expect((await server.request('GET', path, { token: who.token })).status).toBe(200);
    }
  });

  it("finds a stop's place by a word of it, with its coordinates", async () => {
    const res = await server.request<GeocodedPlace[]>('GET', search(`${tag} rain`), { token: cast.other.token });
    expect(res.body).toEqual([{ label: RAINEY_STOP.address, latitude: RAINEY.latitude, longitude: RAINEY.longitude }]);
    const truck = await server.request<GeocodedPlace[]>('GET', search(`${tag} congress`), { token: cast.other.token });
    expect(truck.body.map((p) => p.label)).toEqual([`${tag} Congress Ave & 6th`]);
  });

  it("shows an unpaid operator's own address to them only", async () => {
    const own = await server.request<GeocodedPlace[]>('GET', search(`${tag} secret`), { token: cast.unpaid.token });
    expect(own.body.map((p) => p.label)).toEqual([`${tag} Secret Yard Rainey`]);
    const others = await server.request<GeocodedPlace[]>('GET', search(`${tag} secret`), { token: cast.other.token });
    expect(others.body).toEqual([]);
  });

  it('names a picked point after the nearest known place within a short walk, else null', async () => {
    const near = await server.request('GET', `/api/geocode/reverse?lat=30.2589&lng=-97.7385`, { token: cast.other.token });
    expect(near).toMatchObject({ status: 200, body: { place: { label: RAINEY_STOP.address } } });
    const far = await server.request('GET', `/api/geocode/reverse?lat=30.4&lng=-97.9`, { token: cast.other.token });
    expect(far).toMatchObject({ status: 200, body: { place: null } });
  });

  it.each([
    [search('  '), 'Type at least 2 characters to search'],
    [search('a'), 'Type at least 2 characters to search'],
    [search('x'.repeat(201)), 'Search text must be at most 200 characters'],
    [search('rainey', '&lat=30.2'), 'lat and lng must be given together'],
    [search('rainey', '&lat=abc&lng=1'), 'lat must be a number'],
    ['/api/geocode/search', 'Search text is required'],
    ['/api/geocode/reverse?lat=30', 'lng must be a number'],
    ['/api/geocode/reverse?lat=91&lng=0', 'lat must be between -90 and 90'],
    ['/api/geocode/reverse?lat=1&lng=Infinity', 'lng must be a number'],
  ])('refuses %s with 400 and a message, changing nothing', async (path, message) => {
    const before = await dbFingerprint(server.db);
    const res = await server.request<{ message: string }>('GET', path, { token: cast.owner.token });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    expect(await dbFingerprint(server.db)).toEqual(before);
  });
});

describe('GET /api/geocode/* through a Nominatim server', () => {
  let fake: FakeGeocoder;
  let server: TestServer;
  let operator: AuthResponse;

  beforeAll(async () => {
    fake = await startFakeGeocoder();
    server = await startTestServer(
      { rateLimits: { geocodeRequestsPerUserPerMinute: 5 } },
      { integrations: { geocoding: new HttpGeocoding({ kind: 'nominatim', url: fake.url, userAgent: 'FTF-test', minIntervalMs: 0, timeoutMs: 300 }) } },
    );
    operator = await server.signUp('operator');
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it("answers with the server's places and address", async () => {
    const res = await server.request<GeocodedPlace[]>('GET', search('Rainey St'), { token: operator.token });
    expect(res.body[0]).toEqual({ label: 'Rainey Street, Austin, Texas, United States', ...RAINEY });
    const reverse = await server.request('GET', `/api/geocode/reverse?lat=${RAINEY.latitude}&lng=${RAINEY.longitude}`, { token: operator.token });
    expect(reverse.body).toEqual({ place: { label: '70 Rainey Street, Austin, Texas', ...RAINEY } });
  });

  it('says the search is unavailable (503) when the server fails or stalls, saying what still works', async () => {
    fake.mode = 'fail';
    const failed = await server.request('GET', search('Lady Bird Lake'), { token: operator.token });
    expect(failed).toMatchObject({ status: 503, body: { message: GEOCODING_UNAVAILABLE } });
    fake.mode = 'stall';
    const stalled = await server.request('GET', '/api/geocode/reverse?lat=1&lng=2', { token: operator.token });
    expect(stalled).toMatchObject({ status: 503, body: { message: GEOCODING_UNAVAILABLE } });
    fake.mode = 'ok';
  });

  it('limits each account (429 once the minute is spent)', async () => {
    const someone = await server.signUp('operator');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await server.request('GET', search(`rainey ${i}`), { token: someone.token })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Another account has its own allowance.
    const fresh = await server.signUp('operator');
    expect((await server.request('GET', search('rainey'), { token: fresh.token })).status).toBe(200);
  });
});
