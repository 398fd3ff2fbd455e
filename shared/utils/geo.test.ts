import { describe, expect, it } from 'vitest';
import { haversineKm, haversineMiles, isWithin, milesWithin, nearby, nearestFirst, roundMiles } from './geo';
import { NEARBY_CASES } from './nearby.cases';

describe('haversine', () => {
  it('is zero for the same point', () => {
    expect(haversineKm({ lat: 30.2672, lng: -97.7431 }, { lat: 30.2672, lng: -97.7431 })).toBe(0);
  });
  it('matches the known Austin–Dallas great-circle distance (about 182 miles)', () => {
    const austin = { lat: 30.2672, lng: -97.7431 };
    const dallas = { lat: 32.7767, lng: -96.797 };
    expect(haversineMiles(austin, dallas)).toBeCloseTo(182, 0);
  });
  it('uses the earth radius of 6371 km: a quarter meridian is 10,007.5 km', () => {
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 90, lng: 0 })).toBeCloseTo((Math.PI / 2) * 6371, 6);
  });
});

describe('the nearby rule (one table: nearby.cases.ts)', () => {
  it.each(NEARBY_CASES)('$name', ({ area, trucks, expected }) => {
    const found = nearby(trucks, area, (truck) => truck);
    expect(found.map(({ item }) => item.id)).toEqual(expected);
    for (const { item, miles } of found) expect(miles).toBe(haversineMiles(area, { lat: item.lat!, lng: item.lng! }));
  });

  it('ranks places without a position last and equal distances by id', () => {
    const ranked = [
      { id: 3, miles: null },
      { id: 2, miles: 1 },
      { id: 1, miles: null },
      { id: 5, miles: 1 },
      { id: 4, miles: 0.5 },
    ].sort(nearestFirst);
    expect(ranked.map((r) => r.id)).toEqual([4, 2, 5, 1, 3]);
  });

  it('counts the boundary as within and rounds answers to three decimals', () => {
    expect(milesWithin({ lat: 0, lng: 0, radiusMiles: 1 }, { lat: null, lng: 0 })).toBeNull();
    expect(isWithin({ lat: 0, lng: 0, radiusMiles: 0 }, { lat: 0, lng: 0 })).toBe(true);
    expect(roundMiles(1.23456)).toBe(1.235);
  });
});
