import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { AuthResponse, ErrorResponse, FoodTruck } from '../../../../shared/contracts';
import type { ScheduleStop, TruckSchedule } from '../../../../shared/contracts/schedules';
import { foodTrucks, truckEvents } from '../../db/schema';
import { dbFingerprint } from '../../test/db-fingerprint';
import { signUpCast, startTestServer, type TestServer } from '../../test/harness';
import { stopUnderWayNow } from '../../test/schedules';
import { insertTruck } from '../../test/trucks';
import { autoClose } from '../../workers/auto-close';

let server: TestServer;
let owner: AuthResponse, unpaid: AuthResponse, other: AuthResponse, customer: AuthResponse, admin: AuthResponse;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, unpaid, other, customer, admin } = await signUpCast(server));
});
afterAll(() => server.close());

type TruckRes = FoodTruck & ErrorResponse;
const HOUR = 3_600_000;
const SPOT = { latitude: 30.2, longitude: -97.6 };
const STOP_PLACE = { latitude: 30.2686, longitude: -97.7452, address: '6th & Congress' };

const stored = async (id: number) => (await server.db.select().from(foodTrucks).where(eq(foodTrucks.id, id)))[0];
const lastEvent = async (id: number) =>
  (await server.db.select().from(truckEvents).where(eq(truckEvents.truckId, id)).orderBy(desc(truckEvents.id)).limit(1))[0];
/** Makes the truck's last update `hoursAgo` old, as if the operator had been quiet that long. */
const age = (id: number, hoursAgo: number) =>
  server.db.update(foodTrucks).set({ lastUpdated: new Date(Date.now() - hoursAgo * HOUR) }).where(eq(foodTrucks.id, id));

const heartbeat = (id: number, token?: string) =>
  server.request<TruckRes>('POST', `/api/food-trucks/${id}/heartbeat`, { token });

describe('POST /api/food-trucks/:id/heartbeat', () => {
  it("confirms an open truck's position without moving it: lastUpdated now, an updated event", async () => {
    const truck = await insertTruck(server.db, owner.user.id, { ...SPOT, address: 'Corner', isOpen: true });
    await age(truck.id, 3);
    const res = await heartbeat(truck.id, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...SPOT, address: 'Corner', isOpen: true });
    const row = await stored(truck.id);
    expect(Date.now() - (row?.lastUpdated.getTime() ?? 0)).toBeLessThan(HOUR);
    expect(res.body.lastUpdated).toBe(row?.lastUpdated.toISOString());
    expect(await lastEvent(truck.id)).toMatchObject({ type: 'updated' });

    // A second heartbeat within a minute (another tab, a retry) writes nothing.
    const eventBefore = await lastEvent(truck.id);
    const again = await heartbeat(truck.id, owner.token);
    expect(again.status).toBe(200);
    expect(again.body.lastUpdated).toBe(res.body.lastUpdated);
    expect(await lastEvent(truck.id)).toEqual(eventBefore);
  });

  it('answers 409 for a closed truck and changes nothing: a heartbeat never opens a truck', async () => {
    const truck = await insertTruck(server.db, owner.user.id, { ...SPOT, isOpen: false });
    const before = await dbFingerprint(server.db);
    const res = await heartbeat(truck.id, owner.token);
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

    expect((await heartbeat(truck.id, admin.token)).status).toBe(200);
    // Only opening needs a subscription; keeping an open truck's position fresh does not.
    const unpaidTruck = await insertTruck(server.db, unpaid.user.id, { ...SPOT, isOpen: true });
    await age(unpaidTruck.id, 2);
    expect((await heartbeat(unpaidTruck.id, unpaid.token)).status).toBe(200);
  });

  it('makes the auto-close worker (fake clock) count AUTO_CLOSE_HOURS from the last heartbeat', async () => {
    const beating = await insertTruck(server.db, owner.user.id, { ...SPOT, isOpen: true });
    const quiet = await insertTruck(server.db, owner.user.id, { ...SPOT, isOpen: true });
    await age(beating.id, 7.5);
    await age(quiet.id, 7.5);
    const beat = await heartbeat(beating.id, owner.token);
    expect(beat.status).toBe(200);
    const beatAt = new Date(beat.body.lastUpdated).getTime();

    // One hour later: 8.5 h since the quiet truck's last update, 1 h since the heartbeat.
    await autoClose.run(server.workerContext, new Date(beatAt + HOUR));
    expect((await stored(quiet.id))?.isOpen).toBe(false);
    expect((await stored(beating.id))?.isOpen).toBe(true);

    // Eight hours after the heartbeat with none since, it is closed like any other.
    const later = new Date(beatAt + 8 * HOUR + 1000);
    await autoClose.run(server.workerContext, later);
    expect(await stored(beating.id)).toMatchObject({ isOpen: false, autoClosedAt: later });
  });
});

describe('POST /api/food-trucks/:id/schedule/stops/:stopId/take-place', () => {
  /** A truck of `session` in a zone where `stop` is under way now, with that stop and one on another day. */
  async function truckWithStops(session: AuthResponse, values: { isOpen: boolean }) {
    const { timeZone, stop, otherDay } = stopUnderWayNow(STOP_PLACE);
    const truck = await insertTruck(server.db, session.user.id, { ...SPOT, address: 'Old corner', timeZone, ...values });
    const add = async (body: Record<string, unknown>) => {
      const res = await server.request<ScheduleStop>('POST', `/api/food-trucks/${truck.id}/schedule/stops`, {
        token: session.token,
        body,
      });
      expect(res.status).toBe(201);
      return res.body;
    };
    return { truck, current: await add(stop), later: await add({ ...otherDay, address: 'Elsewhere' }) };
  }
  const takePlace = (truckId: number, stopId: number, token?: string, body: Record<string, unknown> = {}) =>
    server.request<TruckRes>('POST', `/api/food-trucks/${truckId}/schedule/stops/${stopId}/take-place`, { token, body });

  it("names the stop under way in the operator's schedule, and moves an open truck to its place and address", async () => {
    const { truck, current } = await truckWithStops(owner, { isOpen: true });
    const schedule = await server.request<TruckSchedule>('GET', `/api/food-trucks/${truck.id}/schedule/stops`, {
      token: owner.token,
    });
    expect(schedule.body.underWay).toMatchObject({ stopId: current.id, address: '6th & Congress' });

    const res = await takePlace(truck.id, current.id, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...STOP_PLACE, isOpen: true });
    expect(await stored(truck.id)).toMatchObject({ ...STOP_PLACE, isOpen: true });
    expect(await lastEvent(truck.id)).toMatchObject({ type: 'moved' });
  });

  it('opens a closed truck at the stop with open: true, behind the subscription gate (402)', async () => {
    const { truck, current } = await truckWithStops(owner, { isOpen: false });
    const res = await takePlace(truck.id, current.id, owner.token, { open: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...STOP_PLACE, isOpen: true });
    expect(await lastEvent(truck.id)).toMatchObject({ type: 'opened' });

    const unpaidTruck = await truckWithStops(unpaid, { isOpen: false });
    const before = await dbFingerprint(server.db);
    const refused = await takePlace(unpaidTruck.truck.id, unpaidTruck.current.id, unpaid.token, { open: true });
    expect(refused.status).toBe(402);
    expect(await dbFingerprint(server.db)).toEqual(before);
    // Without opening, the place is taken (like PATCH …/location, no subscription needed).
    const moved = await takePlace(unpaidTruck.truck.id, unpaidTruck.current.id, unpaid.token);
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ ...STOP_PLACE, isOpen: false });
  });

  it("refuses a stop that is not under way (409), another truck's stop and other callers; nothing changes", async () => {
    const { truck, current, later } = await truckWithStops(owner, { isOpen: true });
    const mine = await truckWithStops(other, { isOpen: true });
    const before = await dbFingerprint(server.db);

    const notNow = await takePlace(truck.id, later.id, owner.token);
    expect(notNow.status).toBe(409);
    expect(notNow.body.message).toMatch(/not under way now/);
    expect((await takePlace(truck.id, mine.current.id, owner.token)).status).toBe(404);
    expect((await takePlace(truck.id, current.id)).status).toBe(401);
    expect((await takePlace(truck.id, current.id, customer.token)).status).toBe(403);
    expect((await takePlace(truck.id, current.id, other.token)).status).toBe(404);
    expect((await takePlace(truck.id, current.id, owner.token, { open: 'yes' })).status).toBe(400);
    expect(await dbFingerprint(server.db)).toEqual(before);

    expect((await takePlace(truck.id, current.id, admin.token)).status).toBe(200);
  });
});
