import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { AuthResponse, FoodTruck } from '../../../shared/contracts';
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
