import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { foodTrucks, truckEventQueue, truckEvents, users } from '../../db/schema';
import { createTestDatabase } from '../../test/database';
import { publishTruckEvent, TRUCK_EVENTS_CHANNEL, TRUCK_RATINGS_CHANNEL } from './truck-events';
import { findTruck } from './truck.repository';

// Two concurrent transactions need two connections: PostgreSQL only (PGlite has one).
describe.skipIf(!process.env.TEST_DATABASE_URL)('publishTruckEvent ordering', () => {
  let test: Awaited<ReturnType<typeof createTestDatabase>>;
  let second: DatabaseHandle;
  beforeAll(async () => {
    test = await createTestDatabase();
    second = await openDatabase({ url: test.url ?? '', poolMax: 2 });
  });
  afterAll(async () => {
    await second.close();
    await test.drop();
  });

  async function newTruck(phone: string) {
    const db = test.handle.db;
    const [op] = await db.insert(users).values({ phone, passwordHash: 'x', role: 'operator' }).returning();
    const [row] = await db.insert(foodTrucks).values({ name: 'T', cuisine: 'BBQ', operatorId: op!.id }).returning({ id: foodTrucks.id });
    return (await findTruck(db, row!.id))!;
  }

  const eventsOf = (truckId: number) =>
    test.handle.db
      .select({ id: truckEvents.id })
      .from(truckEvents)
      .where(sql`${truckEvents.truckId} = ${truckId}`);

  it('lets a second publisher commit while the first is still open, and ids still become visible in id order, notified in that order', async () => {
    const db = test.handle.db;
    const slow = await newTruck('+15125550998');
    const quick = await newTruck('+15125550999');
    const notified: number[] = [];
    const unlisten = await Promise.all(
      [TRUCK_EVENTS_CHANNEL, TRUCK_RATINGS_CHANNEL].map((channel) =>
        test.handle.listen(channel, (payload) => notified.push(Number(payload))),
      ),
    );
    try {
      let releaseFirst!: () => void;
      const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
      let firstQueued = false;
      const first = db.transaction(async (tx) => {
        await publishTruckEvent(tx, 'updated', slow);
        firstQueued = true;
        await firstMayCommit;
      });
      await expect.poll(() => firstQueued, { timeout: 10_000 }).toBe(true);

      // Not serialised behind the open transaction: it commits (and is notified) at once.
      await second.db.transaction(async (tx) => {
        await publishTruckEvent(tx, 'rated', quick);
      });
      const [quickEvent] = await eventsOf(quick.id);
      expect(quickEvent).toBeDefined();
      await expect.poll(() => notified, { timeout: 10_000 }).toEqual([quickEvent!.id]);
      // The open transaction's event is not visible yet, and has no id that a client could skip.
      expect(await eventsOf(slow.id)).toEqual([]);

      releaseFirst();
      await first;
      const [slowEvent] = await eventsOf(slow.id);
      // Committed later, so a later id: a client resuming after the quick event gets this one.
      expect(slowEvent!.id).toBeGreaterThan(quickEvent!.id);
      await expect.poll(() => notified, { timeout: 10_000 }).toEqual([quickEvent!.id, slowEvent!.id]);
      // The queue holds only transactions still running.
      expect(await db.select().from(truckEventQueue)).toEqual([]);
    } finally {
      await Promise.all(unlisten.map((fn) => fn()));
    }
  });

  it('records nothing, and notifies nothing, for a transaction that rolls back', async () => {
    const truck = await newTruck('+15125550997');
    const notified: string[] = [];
    const unlisten = await test.handle.listen(TRUCK_EVENTS_CHANNEL, (payload) => notified.push(payload));
    try {
      await expect(
        test.handle.db.transaction(async (tx) => {
          await publishTruckEvent(tx, 'updated', truck);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      // A committed change afterwards is notified, so the listener was live for the first one too.
      await test.handle.db.transaction((tx) => publishTruckEvent(tx, 'closed', truck));
      const events = await eventsOf(truck.id);
      expect(events).toHaveLength(1);
      await expect.poll(() => notified, { timeout: 10_000 }).toEqual([String(events[0]!.id)]);
    } finally {
      await unlisten();
    }
  });
});
