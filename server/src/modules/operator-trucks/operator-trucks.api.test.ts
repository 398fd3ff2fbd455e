import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { NULL_ISLAND_MESSAGE, type AuthResponse, type ErrorResponse, type FoodTruck } from '@shared/contracts';
import { foodTrucks, operatorSubscriptions, truckEvents } from '../../db/schema';
import { dbFingerprint } from '../../test/db-fingerprint';
import { signUpCast, startTestServer, type TestServer } from '../../test/harness';
import { insertTruck } from '../../test/trucks';
import { autoClose } from '../../workers/auto-close';

let server: TestServer;
// owner: subscribed, like the demo operator; unpaid: an operator who has not subscribed yet.
let owner: AuthResponse, unpaid: AuthResponse, other: AuthResponse, customer: AuthResponse, admin: AuthResponse;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, unpaid, other, customer, admin } = await signUpCast(server));
});
afterAll(() => server.close());

type TruckRes = FoodTruck & ErrorResponse;
const AUSTIN = { latitude: 30.2672, longitude: -97.7431, address: '100 Congress Ave' };
const baseTruck = { name: 'Taco Loco', cuisine: 'Mexican', description: 'Street tacos', phone: '5125550100' };

async function createTruck(session: AuthResponse, body: Record<string, unknown> = {}) {
  const res = await server.request<TruckRes>('POST', '/api/food-trucks', {
    token: session.token,
    body: { ...baseTruck, ...body },
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const getTruck = async (id: number) =>
  (await server.db.select().from(foodTrucks).where(eq(foodTrucks.id, id)))[0];
const lastEvent = async () =>
  (await server.db.select().from(truckEvents).orderBy(desc(truckEvents.id)).limit(1))[0];
const eventCount = async () => (await server.db.select({ id: truckEvents.id }).from(truckEvents)).length;

describe('creating trucks', () => {
  it('creates a truck owned by the signed-in operator, ignoring a client-sent operatorId, with 201', async () => {
    const res = await server.request<TruckRes>('POST', '/api/food-trucks', {
      token: owner.token,
      body: { ...baseTruck, operatorId: other.user.id, address: '1 Main St' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ...baseTruck,
      phone: '+15125550100',
      operatorId: owner.user.id,
      isOpen: false,
      gallery: [],
      menuDocuments: [],
    });
    expect(res.body.smsMessage).toContain('open for business');
    expect(new Date(res.body.lastUpdated).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await lastEvent()).toMatchObject({
      type: 'updated',
      truckId: res.body.id,
      operatorId: owner.user.id,
    });
  });

  it('creates through /api/operators/:operatorId/food-trucks for the caller', async () => {
    const res = await server.request<TruckRes>('POST', `/api/operators/${owner.user.id}/food-trucks`, {
      token: owner.token,
      body: { ...baseTruck, name: 'Path Truck', ...AUSTIN, isOpen: true },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ operatorId: owner.user.id, isOpen: true, latitude: AUSTIN.latitude });
    expect(await lastEvent()).toMatchObject({ type: 'opened', truckId: res.body.id });
  });

  it("answers 404 for another operator's path and creates nothing", async () => {
    const before = await eventCount();
    const res = await server.request<TruckRes>('POST', `/api/operators/${other.user.id}/food-trucks`, {
      token: owner.token,
      body: baseTruck,
    });
    expect(res.status).toBe(404);
    expect(await eventCount()).toBe(before);
  });

  it('lets an admin create a truck for a named operator', async () => {
    const res = await server.request<TruckRes>('POST', '/api/food-trucks', {
      token: admin.token,
      body: { ...baseTruck, operatorId: other.user.id },
    });
    expect(res.status).toBe(201);
    expect(res.body.operatorId).toBe(other.user.id);
    const bad = await server.request<TruckRes>('POST', '/api/food-trucks', {
      token: admin.token,
      body: { ...baseTruck, operatorId: customer.user.id },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Operator not found');
    const huge = await server.request<TruckRes>('POST', '/api/food-trucks', {
      token: admin.token,
      body: { ...baseTruck, operatorId: 99_999_999_999 },
    });
    expect(huge.status).toBe(400);
  });

  it.each([
    [{ name: '' }, 'Truck name is required'],
    [{ name: undefined }, 'Truck name is required'],
    [{ cuisine: '' }, 'Cuisine type is required'],
    [{ cuisine: 'Martian' }, 'Please choose a cuisine from the list'],
    [{ latitude: 120, longitude: 0 }, 'Latitude must be between -90 and 90'],
    [
      { gallery: Array.from({ length: 11 }, () => '/objects/aaaaaaaaaaaaaaaaaaaaaa') },
      'Gallery full: You can upload a maximum of 10 photos.',
    ],
    [
      { menuDocuments: Array.from({ length: 6 }, () => '/objects/aaaaaaaaaaaaaaaaaaaaaa') },
      'Menu limit reached: You can upload a maximum of 5 menu items.',
    ],
    [{ latitude: 30 }, 'Latitude and longitude must be given together'],
    [{ isOpen: true }, 'A truck needs a location (latitude and longitude) to open'],
    [{ image: 'https://evil.example/x.svg' }, 'Files must be uploaded first (a /objects/ reference)'],
  ])('answers 400 for %j with the message, and creates nothing', async (patch, message) => {
    const before = await eventCount();
    const res = await server.request<TruckRes>('POST', '/api/food-trucks', {
      token: owner.token,
      body: { ...baseTruck, ...patch },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await eventCount()).toBe(before);
  });
});

describe('listing an operator’s trucks', () => {
  it('returns all of the operator’s trucks, open or closed, newest first', async () => {
    const op = await server.signUp('operator');
    const first = await createTruck(op, { name: 'First' });
    const second = await createTruck(op, { name: 'Second' });
    const res = await server.request<FoodTruck[]>('GET', `/api/operators/${op.user.id}/food-trucks`, {
      token: op.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.map((t) => t.id)).toEqual([second.id, first.id]);
    const asAdmin = await server.request<FoodTruck[]>('GET', `/api/operators/${op.user.id}/food-trucks`, {
      token: admin.token,
    });
    expect(asAdmin.body).toHaveLength(2);
  });

  it.each([
    ['another operator', () => other.token, 404],
    ['a customer', () => customer.token, 403],
    ['an anonymous caller', () => undefined, 401],
  ])('refuses %s', async (_who, token, status) => {
    const res = await server.request('GET', `/api/operators/${owner.user.id}/food-trucks`, {
      token: token(),
    });
    expect(res.status).toBe(status);
  });

  it('answers 404 for a malformed operator id', async () => {
    expect(
      (await server.request('GET', '/api/operators/abc/food-trucks', { token: owner.token })).status,
    ).toBe(404);
  });
});

describe('the owner / other operator / customer / anonymous / admin matrix', () => {
  const calls: [string, string, (id: number) => string, Record<string, unknown> | undefined][] = [
    ['edit', 'PATCH', (id) => `/api/food-trucks/${id}`, { name: 'Renamed' }],
    ['move', 'PATCH', (id) => `/api/food-trucks/${id}/location`, AUSTIN],
    ['open', 'POST', (id) => `/api/food-trucks/${id}/open`, AUSTIN],
    ['close', 'POST', (id) => `/api/food-trucks/${id}/close`, undefined],
    ['delete', 'DELETE', (id) => `/api/food-trucks/${id}`, undefined],
  ];
  const callers: [string, number, () => string | undefined][] = [
    ['anonymous', 401, () => undefined],
    ['customer', 403, () => customer.token],
    ['other operator', 404, () => other.token],
    ['owner', 200, () => owner.token],
    ['admin', 200, () => admin.token],
  ];
  for (const [action, method, path, body] of calls) {
    it.each(callers)(`${action}: %s → %i`, async (_who, status, token) => {
      const truck = await createTruck(owner);
      const before = await eventCount();
      const res = await server.request<ErrorResponse>(method, path(truck.id), { token: token(), body });
      expect(res.status).toBe(status);
      if (status === 200) {
        expect(await eventCount()).toBe(before + 1);
      } else {
        expect(typeof res.body.message).toBe('string');
        expect(await eventCount()).toBe(before);
        expect(await getTruck(truck.id)).toMatchObject({
          name: baseTruck.name,
          isOpen: false,
          latitude: null,
        });
      }
    });
  }

  it('answers 404 for a truck that does not exist or a malformed id', async () => {
    expect(
      (await server.request('POST', '/api/food-trucks/999999/close', { token: owner.token })).status,
    ).toBe(404);
    expect(
      (await server.request('PATCH', '/api/food-trucks/abc', { token: owner.token, body: { name: 'x' } }))
        .status,
    ).toBe(404);
  });
});

describe('editing, moving, opening and closing', () => {
  it('edits fields and publishes an "updated" event with the new truck', async () => {
    const truck = await createTruck(owner);
    const res = await server.request<TruckRes>('PATCH', `/api/food-trucks/${truck.id}`, {
      token: owner.token,
      body: { name: 'Taco Loco 2', cuisine: 'Fusion', description: 'New', operatorId: other.user.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Taco Loco 2',
      cuisine: 'Fusion',
      description: 'New',
      operatorId: owner.user.id,
    });
    const event = await lastEvent();
    expect(event).toMatchObject({ type: 'updated', truckId: truck.id });
    expect(event?.payload).toMatchObject({ name: 'Taco Loco 2' });
  });

  it('moves a truck, sets lastUpdated and publishes "moved"', async () => {
    const truck = await createTruck(owner);
    const res = await server.request<TruckRes>('PATCH', `/api/food-trucks/${truck.id}/location`, {
      token: owner.token,
      body: AUSTIN,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...AUSTIN, isOpen: false });
    expect(new Date(res.body.lastUpdated).getTime()).toBeGreaterThan(new Date(truck.lastUpdated).getTime());
    expect(await lastEvent()).toMatchObject({ type: 'moved', truckId: truck.id });
    const opened = await server.request<TruckRes>('PATCH', `/api/food-trucks/${truck.id}/location`, {
      token: owner.token,
      body: { ...AUSTIN, latitude: 30.3, isOpen: true },
    });
    expect(opened.body).toMatchObject({ latitude: 30.3, isOpen: true });
    expect(await lastEvent()).toMatchObject({ type: 'opened' });
  });

  it('opens with coordinates ("opened") and closes ("closed")', async () => {
    const truck = await createTruck(owner);
    const open = await server.request<TruckRes>('POST', `/api/food-trucks/${truck.id}/open`, {
      token: owner.token,
      body: AUSTIN,
    });
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ ...AUSTIN, isOpen: true });
    expect(await lastEvent()).toMatchObject({ type: 'opened', truckId: truck.id });
    const close = await server.request<TruckRes>('POST', `/api/food-trucks/${truck.id}/close`, {
      token: owner.token,
    });
    expect(close.status).toBe(200);
    expect(close.body).toMatchObject({ isOpen: false, latitude: AUSTIN.latitude });
    expect(await lastEvent()).toMatchObject({ type: 'closed', truckId: truck.id });
  });

  it('refuses to open without coordinates (400) and to clear the position of an open truck', async () => {
    const truck = await createTruck(owner);
    const res = await server.request<ErrorResponse>('POST', `/api/food-trucks/${truck.id}/open`, {
      token: owner.token,
      body: {},
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Latitude must be a number');
    const viaEdit = await server.request<ErrorResponse>('PATCH', `/api/food-trucks/${truck.id}`, {
      token: owner.token,
      body: { isOpen: true },
    });
    expect(viaEdit.status).toBe(400);
    await server.request('POST', `/api/food-trucks/${truck.id}/open`, { token: owner.token, body: AUSTIN });
    const clear = await server.request<ErrorResponse>('PATCH', `/api/food-trucks/${truck.id}`, {
      token: owner.token,
      body: { latitude: null, longitude: null },
    });
    expect(clear.status).toBe(400);
    expect(clear.body.message).toBe('A truck needs a location (latitude and longitude) to open');
    expect(await getTruck(truck.id)).toMatchObject({ isOpen: true, latitude: AUSTIN.latitude });
  });

  it('refuses an empty, non-numeric or 0, 0 position on every location call with a field message, changing nothing (issue 24)', async () => {
    const truck = await createTruck(owner, AUSTIN);
    const before = await dbFingerprint(server.db);
    const send = (method: 'PATCH' | 'POST', url: string, body: Record<string, unknown>) =>
      server.request<ErrorResponse>(method, url, { token: owner.token, body });
    const calls: Array<['PATCH' | 'POST', string]> = [
      ['PATCH', `/api/food-trucks/${truck.id}/location`],
      ['POST', `/api/food-trucks/${truck.id}/open`],
      ['PATCH', `/api/food-trucks/${truck.id}`],
    ];
    for (const [method, url] of calls) {
      const island = await send(method, url, { latitude: 0, longitude: 0, isOpen: true });
      expect(island.status).toBe(400);
      expect(island.body.fieldErrors).toEqual({ latitude: [NULL_ISLAND_MESSAGE], longitude: [NULL_ISLAND_MESSAGE] });
      for (const latitude of ['', 'abc', null]) {
        const bad = await send(method, url, { latitude, longitude: -97.74 });
        expect(bad.status).toBe(400);
        // The edit call takes null as "no position" and refuses it with the pair rule instead.
        expect(bad.body.fieldErrors?.latitude?.[0]).toMatch(/Latitude must be a number|given together/);
      }
    }
    const created = await server.request<ErrorResponse>('POST', '/api/food-trucks', {
      token: owner.token,
      body: { ...baseTruck, latitude: 0, longitude: 0 },
    });
    expect(created.status).toBe(400);
    expect(await dbFingerprint(server.db)).toEqual(before);
    // One coordinate at 0 is a real place (the equator, or Greenwich).
    expect((await send('PATCH', `/api/food-trucks/${truck.id}/location`, { latitude: 0, longitude: -78.45 })).status).toBe(200);
  });

  it('deletes a truck and publishes "removed"', async () => {
    const truck = await createTruck(owner);
    const res = await server.request<{ message: string }>('DELETE', `/api/food-trucks/${truck.id}`, {
      token: owner.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Food truck deleted');
    expect(await getTruck(truck.id)).toBeUndefined();
    expect(await lastEvent()).toMatchObject({ type: 'removed', truckId: truck.id });
    expect(
      (await server.request('DELETE', `/api/food-trucks/${truck.id}`, { token: owner.token })).status,
    ).toBe(404);
  });
});

describe('the subscription gate', () => {
  it('lets an operator without a subscription create and edit, but not open (402 naming /subscribe)', async () => {
    const truck = await createTruck(unpaid, AUSTIN);
    const edit = await server.request<TruckRes>('PATCH', `/api/food-trucks/${truck.id}`, {
      token: unpaid.token,
      body: { name: 'Edited' },
    });
    expect(edit.status).toBe(200);
    const move = await server.request<TruckRes>('PATCH', `/api/food-trucks/${truck.id}/location`, {
      token: unpaid.token,
      body: AUSTIN,
    });
    expect(move.status).toBe(200);
    const before = await eventCount();
    const attempts = [
      server.request<ErrorResponse>('POST', `/api/food-trucks/${truck.id}/open`, {
        token: unpaid.token,
        body: AUSTIN,
      }),
      server.request<ErrorResponse>('PATCH', `/api/food-trucks/${truck.id}/location`, {
        token: unpaid.token,
        body: { ...AUSTIN, isOpen: true },
      }),
      server.request<ErrorResponse>('PATCH', `/api/food-trucks/${truck.id}`, {
        token: unpaid.token,
        body: { isOpen: true },
      }),
      server.request<ErrorResponse>('POST', '/api/food-trucks', {
        token: unpaid.token,
        body: { ...baseTruck, ...AUSTIN, isOpen: true },
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(402);
      expect(res.body.message).toContain('/subscribe');
    }
    expect(await eventCount()).toBe(before);
    expect((await getTruck(truck.id))?.isOpen).toBe(false);
  });

  it('lets the operator open once the subscription is active, and not while it is paused', async () => {
    const op = await server.signUp('operator');
    const truck = await createTruck(op);
    await server.db.insert(operatorSubscriptions).values({ operatorId: op.user.id, status: 'paused' });
    expect(
      (await server.request('POST', `/api/food-trucks/${truck.id}/open`, { token: op.token, body: AUSTIN }))
        .status,
    ).toBe(402);
    await server.db
      .update(operatorSubscriptions)
      .set({ status: 'active' })
      .where(eq(operatorSubscriptions.operatorId, op.user.id));
    expect(
      (await server.request('POST', `/api/food-trucks/${truck.id}/open`, { token: op.token, body: AUSTIN }))
        .status,
    ).toBe(200);
  });
});

const HOUR = 3_600_000;
const SPOT = { latitude: 30.2, longitude: -97.6 };
/** Makes the truck's last update `hoursAgo` old, as if the operator had been quiet that long. */
const age = (id: number, hoursAgo: number) =>
  server.db.update(foodTrucks).set({ lastUpdated: new Date(Date.now() - hoursAgo * HOUR) }).where(eq(foodTrucks.id, id));
/** The device's fix at the truck (50 m off, as GPS is), or the operator's explicit "still here". */
const AT_SPOT = { latitude: SPOT.latitude + 0.0004, longitude: SPOT.longitude };
const STILL_HERE = { confirmed: true };
const heartbeat = (id: number, token?: string, body: Record<string, unknown> = AT_SPOT) =>
  server.request<TruckRes>('POST', `/api/food-trucks/${id}/heartbeat`, { token, body });
const seenAt = async (id: number) =>
  (await server.db.select({ at: foodTrucks.lastSeenAt }).from(foodTrucks).where(eq(foodTrucks.id, id)))[0]?.at ?? null;

describe('POST /api/food-trucks/:id/heartbeat', () => {
  it("keeps an open truck open with a device fix at its spot, never rewriting diners' 'last updated' (issue 24)", async () => {
    const truck = await insertTruck(server.db, owner.user.id, { ...SPOT, address: 'Corner', isOpen: true });
    await age(truck.id, 3);
    const before = await getTruck(truck.id);
    const eventsBefore = await eventCount();
    const res = await heartbeat(truck.id, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...SPOT, address: 'Corner', isOpen: true });
    // Diners' 'Updated 3 h ago' stays true: the position, its time and the diners' feed are untouched.
    expect(res.body.lastUpdated).toBe(before?.lastUpdated.toISOString());
    const row = await getTruck(truck.id);
    expect(row?.lastUpdated).toEqual(before?.lastUpdated);
    expect(await eventCount()).toBe(eventsBefore);
    const seen = await seenAt(truck.id);
    expect(Date.now() - (seen?.getTime() ?? 0)).toBeLessThan(HOUR);

    // A second heartbeat within a minute (another tab, a retry) writes nothing.
    const again = await heartbeat(truck.id, owner.token, STILL_HERE);
    expect(again.status).toBe(200);
    expect(await seenAt(truck.id)).toEqual(seen);
  });

  it('refuses an empty heartbeat (an open page alone vouches for nothing) and a device fix elsewhere, changing nothing', async () => {
    const truck = await insertTruck(server.db, owner.user.id, { ...SPOT, isOpen: true });
    await age(truck.id, 2);
    const before = await dbFingerprint(server.db);
    const empty = await heartbeat(truck.id, owner.token, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/device's position or the operator's confirmation/);
    const bare = await server.request<TruckRes>('POST', `/api/food-trucks/${truck.id}/heartbeat`, { token: owner.token });
    expect(bare.status).toBe(400);
    // The dashboard left open at home, 10 km from the truck.
    const away = await heartbeat(truck.id, owner.token, { latitude: SPOT.latitude + 0.09, longitude: SPOT.longitude });
    expect(away.status).toBe(409);
    expect(away.body.message).toMatch(/not where diners see the truck/);
    for (const body of [{ latitude: 0, longitude: 0 }, { latitude: SPOT.latitude }, { confirmed: false }, { latitude: 'x', longitude: 1 }]) {
      expect((await heartbeat(truck.id, owner.token, body)).status).toBe(400);
    }
    expect(await dbFingerprint(server.db)).toEqual(before);
  });

  it('answers 409 for a closed truck and changes nothing: a heartbeat never opens a truck', async () => {
    const truck = await insertTruck(server.db, owner.user.id, { ...SPOT, isOpen: false });
    const before = await dbFingerprint(server.db);
    const res = await heartbeat(truck.id, owner.token, STILL_HERE);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/closed/);
    expect(await dbFingerprint(server.db)).toEqual(before);
  });

  it('admits the owner (with or without a subscription) and admins; anonymous 401, customers 403, other operators 404', async () => {
    const truck = await insertTruck(server.db, owner.user.id, { ...SPOT, isOpen: true });
    await age(truck.id, 2);
    const before = await dbFingerprint(server.db);
    expect((await heartbeat(truck.id)).status).toBe(401);
    expect((await heartbeat(truck.id, customer.token)).status).toBe(403);
    const foreign = await heartbeat(truck.id, other.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Food truck not found');
    expect((await heartbeat(999_999, owner.token)).status).toBe(404);
    expect(await dbFingerprint(server.db)).toEqual(before);

    expect((await heartbeat(truck.id, admin.token, STILL_HERE)).status).toBe(200);
    // Only opening needs a subscription; keeping an open truck open does not.
    const unpaidTruck = await insertTruck(server.db, unpaid.user.id, { ...SPOT, isOpen: true });
    await age(unpaidTruck.id, 2);
    expect((await heartbeat(unpaidTruck.id, unpaid.token)).status).toBe(200);
  });

  it('makes the auto-close worker (fake clock) count AUTO_CLOSE_HOURS from the last accepted heartbeat, not a refused one', async () => {
    const beating = await insertTruck(server.db, owner.user.id, { ...SPOT, isOpen: true });
    const confirmed = await insertTruck(server.db, owner.user.id, { ...SPOT, isOpen: true });
    const quiet = await insertTruck(server.db, owner.user.id, { ...SPOT, isOpen: true });
    const elsewhere = await insertTruck(server.db, owner.user.id, { ...SPOT, isOpen: true });
    for (const t of [beating, confirmed, quiet, elsewhere]) await age(t.id, 7.5);
    expect((await heartbeat(beating.id, owner.token)).status).toBe(200);
    expect((await heartbeat(confirmed.id, owner.token, STILL_HERE)).status).toBe(200);
    expect((await heartbeat(elsewhere.id, owner.token, { latitude: 31, longitude: -97 })).status).toBe(409);
    const beatAt = (await seenAt(beating.id))?.getTime() ?? 0;

    // One hour later: 8.5 h since the last position, 1 h since the heartbeats.
    await autoClose.run(server.workerContext, new Date(beatAt + HOUR));
    expect((await getTruck(quiet.id))?.isOpen).toBe(false);
    expect((await getTruck(elsewhere.id))?.isOpen).toBe(false);
    expect((await getTruck(beating.id))?.isOpen).toBe(true);
    expect((await getTruck(confirmed.id))?.isOpen).toBe(true);

    // Eight hours after the heartbeat with none since, it is closed like any other, its position's age kept.
    const positionAt = (await getTruck(beating.id))?.lastUpdated;
    const later = new Date(beatAt + 8 * HOUR + 1000);
    await autoClose.run(server.workerContext, later);
    expect(await getTruck(beating.id)).toMatchObject({ isOpen: false, autoClosedAt: later, lastUpdated: positionAt });
  });
});

describe("a truck's phone", () => {
  it.each(['512.555.0178', '512 555 0178', '(512) 555-0178', '+1 512 555 0178', '1-512-555-0178', '+1 (512) 555.0178'])(
    'accepts %s and stores it as +15125550178',
    async (phone) => {
      const truck = await createTruck(owner, { phone: '5125550100' });
      const res = await server.request<TruckRes>('PATCH', `/api/food-trucks/${truck.id}`, { token: owner.token, body: { phone } });
      expect(res.status).toBe(200);
      expect(res.body.phone).toBe('+15125550178');
      expect((await getTruck(truck.id))?.phone).toBe('+15125550178');
    },
  );

  it('refuses what is not a phone number with a field message, changing nothing', async () => {
    const truck = await createTruck(owner, { phone: '5125550100' });
    const res = await server.request<TruckRes>('PATCH', `/api/food-trucks/${truck.id}`, {
      token: owner.token,
      body: { phone: 'call us anytime' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors?.phone).toEqual(['Invalid phone number format']);
    expect((await getTruck(truck.id))?.phone).toBe('+15125550100');
  });
});
