import type { Database } from '../db/client';
import { foodTrucks, truckListings, truckScheduleStops } from '../db/schema';
import { publishTruckEvent } from '../modules/trucks/truck-events';
import { truckColumns, type TruckRow } from '../modules/trucks/truck.repository';

let listings = 0;

/**
 * An unclaimed open-data listing as an import leaves it (issue 26): no operator, its provenance,
 * a source record (with `phone`, where a claim code is texted; null = admin review) and one weekly stop.
 */
export async function insertListing(db: Database, phone: string | null = '+14155550123'): Promise<TruckRow> {
  listings += 1;
  return db.transaction(async (tx) => {
    const [truck] = await tx
      .insert(foodTrucks)
      .values({
        name: `Mission Cart ${listings}`,
        cuisine: 'American',
        latitude: 37.7592,
        longitude: -122.4188,
        address: '2400 MISSION ST',
        timeZone: 'America/Los_Angeles',
        listing: { sourceName: 'SF open data', licence: 'PDDL', sourceUpdatedAt: '2026-11-12T00:00:00.000Z' },
      })
      .returning(truckColumns);
    if (!truck) throw new Error('no truck');
    await tx.insert(truckListings).values({ foodTruckId: truck.id, source: 'claims-test', sourceId: `rec-${truck.id}`, phone, foodWords: 'hot dogs' });
    await tx.insert(truckScheduleStops).values({
      foodTruckId: truck.id,
      kind: 'weekly',
      weekday: 1,
      startMinute: 420,
      endMinute: 1140,
      latitude: 37.7592,
      longitude: -122.4188,
      address: '2400 MISSION ST',
    });
    await publishTruckEvent(tx, 'updated', truck);
    return truck;
  });
}

