import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { AuthResponse, FoodTruck } from '@shared/contracts';
import { foodTrucks, truckEvents } from '../db/schema';
import { signUpCast, startTestServer, type TestServer } from '../test/harness';
import { autoClose } from './auto-close';

let server: TestServer;
let owner: AuthResponse;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner } = await signUpCast(server));
});
afterAll(() => server.close());

const HOUR = 3_600_000;

async function openTruck(name: string): Promise<FoodTruck> {
  const res = await server.request<FoodTruck>('POST', '/api/food-trucks', {
    token: owner.token,
    body: { name, cuisine: 'Mexican', latitude: 30.27, longitude: -97.74, isOpen: true },
  });
  expect(res.status).toBe(201);
  return res.body;
}
const stored = async (id: number) =>
  (await server.db.select().from(foodTrucks).where(eq(foodTrucks.id, id)))[0];
const lastEventOf = async (id: number) =>
  (
    await server.db
      .select()
      .from(truckEvents)
      .where(eq(truckEvents.truckId, id))
      .orderBy(desc(truckEvents.id))
      .limit(1)
  )[0];

describe('auto-close worker (fake clock)', () => {
  it('closes a truck open without an update for AUTO_CLOSE_HOURS (default 8), with a closed event and a note', async () => {
    const truck = await openTruck('Left Open');
    const opened = new Date(truck.lastUpdated).getTime();

    await autoClose.run(server.workerContext, new Date(opened + 7.9 * HOUR));
    expect((await stored(truck.id))?.isOpen).toBe(true);

    const later = new Date(opened + 8 * HOUR + 1000);
    expect(await autoClose.run(server.workerContext, later)).toBeGreaterThanOrEqual(1);
    const row = await stored(truck.id);
    expect(row).toMatchObject({ isOpen: false, autoClosedAt: later });
    // The position's age stays honest: lastUpdated is not bumped by the close.
    expect(row?.lastUpdated.getTime()).toBe(opened);
    expect(await lastEventOf(truck.id)).toMatchObject({ type: 'closed' });

    // The operator's dashboard list carries the note; opening again clears it.
    const list = await server.request<FoodTruck[]>('GET', `/api/operators/${owner.user.id}/food-trucks`, {
      token: owner.token,
    });
    expect(list.body.find((t) => t.id === truck.id)?.autoClosedAt).toBe(later.toISOString());
    const reopened = await server.request<FoodTruck>('POST', `/api/food-trucks/${truck.id}/open`, {
      token: owner.token,
      body: { latitude: 30.27, longitude: -97.74 },
    });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ isOpen: true, autoClosedAt: null });
  });

  it('leaves closed trucks and recently updated ones alone, and follows AUTO_CLOSE_HOURS', async () => {
    const fresh = await openTruck('Fresh Truck');
    const now = new Date(new Date(fresh.lastUpdated).getTime() + 2 * HOUR);
    const eventsBefore = await lastEventOf(fresh.id);
    await autoClose.run(server.workerContext, now);
    expect((await stored(fresh.id))?.isOpen).toBe(true);
    expect(await lastEventOf(fresh.id)).toEqual(eventsBefore);

    const strict = { ...server.workerContext, config: { ...server.config, autoCloseHours: 1 } };
    await autoClose.run(strict, now);
    expect((await stored(fresh.id))?.isOpen).toBe(false);
    const closedEvents = await server.db
      .select()
      .from(truckEvents)
      .where(and(eq(truckEvents.truckId, fresh.id), eq(truckEvents.type, 'closed')));
    expect(closedEvents).toHaveLength(1);
    // A second round finds nothing more to close.
    await autoClose.run(strict, now);
    expect(
      await server.db
        .select()
        .from(truckEvents)
        .where(and(eq(truckEvents.truckId, fresh.id), eq(truckEvents.type, 'closed'))),
    ).toHaveLength(1);
  });
});

describe('closing a truck after its scheduled stop ends (fake clock)', () => {
  /** Tuesday 15 June 2027 in Chicago (CDT, UTC-5): local hh:mm as an instant. */
  const tuesday = (hhmm: string) => new Date(`2027-06-15T${hhmm}:00-05:00`);

  /** An open truck with a weekly Tuesday 11:00–14:00 stop, last updated at `updatedAt`. */
  async function openInStop(name: string, updatedAt: Date): Promise<FoodTruck> {
    const truck = await openTruck(name);
    const stop = await server.request('POST', `/api/food-trucks/${truck.id}/schedule/stops`, {
      token: owner.token,
      body: { kind: 'weekly', weekday: 2, startTime: '11:00', endTime: '14:00', address: 'Plaza', latitude: 30.27, longitude: -97.74 },
    });
    expect(stop.status).toBe(201);
    await server.db.update(foodTrucks).set({ lastUpdated: updatedAt }).where(eq(foodTrucks.id, truck.id));
    return truck;
  }

  it('closes a truck opened inside a stop STOP_END_GRACE_MINUTES (default 30) after the stop ends, with the event and the note', async () => {
    const truck = await openInStop('Stop Ender', tuesday('12:00'));

    await autoClose.run(server.workerContext, tuesday('14:29'));
    expect((await stored(truck.id))?.isOpen).toBe(true);

    const later = tuesday('14:31');
    await autoClose.run(server.workerContext, later);
    const row = await stored(truck.id);
    expect(row).toMatchObject({ isOpen: false, autoClosedAt: later });
    expect(row?.lastUpdated.getTime()).toBe(tuesday('12:00').getTime());
    expect(await lastEventOf(truck.id)).toMatchObject({ type: 'closed' });
    const list = await server.request<FoodTruck[]>('GET', `/api/operators/${owner.user.id}/food-trucks`, {
      token: owner.token,
    });
    expect(list.body.find((t) => t.id === truck.id)?.autoClosedAt).toBe(later.toISOString());
  });

  it('leaves a truck opened outside its stops, or updated after the stop ended, open; follows STOP_END_GRACE_MINUTES', async () => {
    const before = await openInStop('Early Opener', tuesday('10:00'));
    const after = await openInStop('Stayed On', tuesday('14:10'));
    const inside = await openInStop('Strict Grace', tuesday('13:00'));

    await autoClose.run(server.workerContext, tuesday('14:20'));
    expect((await stored(inside.id))?.isOpen).toBe(true);

    const strict = { ...server.workerContext, config: { ...server.config, stopEndGraceMinutes: 10 } };
    await autoClose.run(strict, tuesday('14:20'));
    expect((await stored(inside.id))?.isOpen).toBe(false);
    expect((await stored(before.id))?.isOpen).toBe(true);
    expect((await stored(after.id))?.isOpen).toBe(true);

    // Hours later the other two are still open (until AUTO_CLOSE_HOURS without an update).
    await autoClose.run(server.workerContext, tuesday('17:00'));
    expect((await stored(before.id))?.isOpen).toBe(true);
    expect((await stored(after.id))?.isOpen).toBe(true);
  });
});
