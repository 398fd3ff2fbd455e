import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { foodTrucks, users } from '../../db/schema';
import { createTestDatabase } from '../../test/database';
import { publishTruckEvent } from './truck-events';
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

  it('makes a second publisher wait until the first commits, so event ids commit in order', async () => {
    const db = test.handle.db;
    const [op] = await db.insert(users).values({ phone: '+15125550999', passwordHash: 'x', role: 'operator' }).returning();
    const [row] = await db.insert(foodTrucks).values({ name: 'T', cuisine: 'BBQ', operatorId: op!.id }).returning({ id: foodTrucks.id });
    const truck = (await findTruck(db, row!.id))!;

    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstId = 0;
    const first = db.transaction(async (tx) => {
      firstId = await publishTruckEvent(tx, 'updated', truck);
      await firstMayCommit;
    });
    // Wait until the first transaction holds the lock (its event row exists, uncommitted).
    await expect.poll(() => firstId, { timeout: 10_000 }).toBeGreaterThan(0);

    let secondId = 0;
    const secondDone = second.db.transaction(async (tx) => {
      secondId = await publishTruckEvent(tx, 'updated', truck);
    });
    // The second publisher is blocked on the advisory lock, not finished.
    await expect
      .poll(
        async () => {
          const [waiting] = await db
            .select({ n: sql<number>`count(*)::int` })
            .from(sql`pg_stat_activity`)
            .where(sql`wait_event_type = 'Lock' and datname = current_database()`);
          return waiting?.n;
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    expect(secondId).toBe(0);

    releaseFirst();
    await first;
    await secondDone;
    expect(secondId).toBeGreaterThan(firstId);
  });
});
