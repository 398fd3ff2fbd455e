import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEARBY_CASES } from '@shared/utils/nearby.cases';
import { haversineMiles, roundMiles } from '@shared/utils/geo';
import { foodTrucks } from '../../db/schema';
import { createDatabaseWithOperator } from '../../test/database';
import { DinersIndex } from './diners-index';
import { dinersIndexSource, listVisibleTrucks, truckListBody } from './trucks.service';

/**
 * The SQL radius (a latitude/longitude box on the GiST point index, then earthdistance) against the one table of "within N miles,
 * nearest first" (shared/utils/nearby.cases.ts), through the real database: the full and the lean
 * list, and the diners' index loaded from the same rows.
 */
describe('the nearby rule through the database', () => {
  let test: Awaited<ReturnType<typeof createDatabaseWithOperator>>;
  let operatorId: number;
  beforeAll(async () => {
    test = await createDatabaseWithOperator('+15125550901');
    operatorId = test.operatorId;
  });
  afterAll(() => test.drop());

  it.each(NEARBY_CASES)('$name', async ({ area, trucks, expected }) => {
    const db = test.handle.db;
    await db.delete(foodTrucks);
    await db.insert(foodTrucks).values(
      trucks.map(({ id, lat, lng }) => ({
        id,
        name: `Truck ${id}`,
        cuisine: 'BBQ',
        operatorId,
        latitude: lat,
        longitude: lng,
      })),
    );
    const distances = expected.map((id) => {
      const truck = trucks.find((t) => t.id === id)!;
      return roundMiles(haversineMiles(area, { lat: truck.lat!, lng: truck.lng! }));
    });

    const full = await listVisibleTrucks(db, null, area);
    expect(full.map((t) => t.id)).toEqual(expected);
    expect(full.map((t) => t.distanceMiles)).toEqual(distances);

    const lean = JSON.parse((await truckListBody(db, null, area, 'summary')).toString()) as {
      id: number;
      distanceMiles: number;
    }[];
    expect(lean.map((t) => [t.id, t.distanceMiles])).toEqual(expected.map((id, i) => [id, distances[i]]));

    const index = JSON.parse((await new DinersIndex(dinersIndexSource(db)).nearby(area)).json) as {
      id: number;
      distanceMiles: number;
    }[];
    expect(index.map((t) => [t.id, t.distanceMiles])).toEqual(expected.map((id, i) => [id, distances[i]]));
  });

  it('the largest radius asked (12,500 miles) reaches the antipode and the far pole: the box takes every longitude', async () => {
    const db = test.handle.db;
    await db.delete(foodTrucks);
    const far = [
      { id: 1, latitude: -30.2672, longitude: 82.2569 },
      { id: 2, latitude: -89.99, longitude: 179.99 },
    ];
    await db
      .insert(foodTrucks)
      .values(far.map((t) => ({ ...t, name: `Truck ${t.id}`, cuisine: 'BBQ', operatorId })));
    const found = await listVisibleTrucks(db, null, { lat: 30.2672, lng: -97.7431, radiusMiles: 12_500 });
    expect(found.map((t) => t.id)).toEqual([2, 1]);
  });
});
