import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEARBY_CASES } from '@shared/utils/nearby.cases';
import { haversineMiles, roundMiles } from '@shared/utils/geo';
import { foodTrucks, truckScheduleStops } from '../../db/schema';
import { createDatabaseWithOperator } from '../../test/database';
import { stopUnderWayNow } from '../../test/schedules';
import { trucksScheduledAt } from './schedule-reads.service';

/**
 * "Where will the trucks be at …" with a position: the trucks placed at their stops under way then,
 * held to the same table of "within N miles, nearest first" as the live list
 * (shared/utils/nearby.cases.ts). A truck without coordinates in the table has no stop.
 */
describe('trucks scheduled at a time: the nearby rule through the database', () => {
  let test: Awaited<ReturnType<typeof createDatabaseWithOperator>>;
  let operatorId: number;
  beforeAll(async () => {
    test = await createDatabaseWithOperator('+15125550902');
    operatorId = test.operatorId;
  });
  afterAll(() => test.drop());

  it.each(NEARBY_CASES)('$name', async ({ area, trucks, expected }) => {
    const db = test.handle.db;
    const now = new Date();
    await db.delete(foodTrucks);
    const { timeZone } = stopUnderWayNow({ latitude: 0, longitude: 0, address: '' }, now);
    // The truck's own position is elsewhere: the answer must place each truck at its stop.
    await db.insert(foodTrucks).values(
      trucks.map(({ id }) => ({ id, name: `Truck ${id}`, cuisine: 'BBQ', operatorId, latitude: 0, longitude: 0, timeZone })),
    );
    const placed = trucks.filter((t) => t.lat !== null && t.lng !== null);
    if (placed.length > 0) {
      await db.insert(truckScheduleStops).values(
        placed.map(({ id, lat, lng }) => {
          const { stop } = stopUnderWayNow({ latitude: lat!, longitude: lng!, address: `Stop of ${id}` }, now);
          return { foodTruckId: id, kind: 'weekly', weekday: stop.weekday, startMinute: 0, endMinute: 1440, latitude: lat!, longitude: lng!, address: stop.address };
        }),
      );
    }

    const rows = await trucksScheduledAt({ db, defaultTimeZone: 'America/Chicago' }, null, now, area);
    const distances = expected.map((id) => {
      const truck = trucks.find((t) => t.id === id)!;
      return roundMiles(haversineMiles(area, { lat: truck.lat!, lng: truck.lng! }));
    });
    expect(rows.map((r) => [r.id, r.distanceMiles])).toEqual(expected.map((id, i) => [id, distances[i]]));
  });
});
