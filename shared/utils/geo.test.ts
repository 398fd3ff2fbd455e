import { describe, expect, it } from 'vitest';
import {
  EARTH_RADIUS_KM,
  haversineKm,
  haversineMiles,
  isWithin,
  milesWithin,
  nearby,
  nearestFirst,
  radiusBoxes,
  roundMiles,
  type LatLng,
} from './geo';
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
    for (const { item, miles } of found)
      expect(miles).toBe(haversineMiles(area, { lat: item.lat!, lng: item.lng! }));
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

describe('radiusBoxes (the SQL radius pre-filter)', () => {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const deg = (r: number) => (r * 180) / Math.PI;
  /** The point `km` from `from` on `bearing` (degrees) along the great circle, longitude in [-180, 180]. */
  const destination = (from: LatLng, bearing: number, km: number): LatLng => {
    const d = km / EARTH_RADIUS_KM;
    const lat1 = rad(from.lat);
    const lat2 = Math.asin(
      Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(rad(bearing)),
    );
    const dLng = Math.atan2(
      Math.sin(rad(bearing)) * Math.sin(d) * Math.cos(lat1),
      Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
    );
    const lng = ((from.lng + deg(dLng) + 540) % 360) - 180;
    return { lat: deg(lat2), lng };
  };
  const inside = (boxes: ReturnType<typeof radiusBoxes>, p: LatLng) =>
    boxes.some((b) => p.lat >= b.south && p.lat <= b.north && p.lng >= b.west && p.lng <= b.east);

  it('holds every point of the circle and inside it, near the poles and across the antimeridian too', () => {
    let seed = 11;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const centres: LatLng[] = [
      { lat: 30.2672, lng: -97.7431 },
      { lat: 10, lng: 179.9 },
      { lat: -10, lng: -179.95 },
      { lat: 89.95, lng: 0 },
      { lat: -89.9, lng: 45 },
      { lat: 0, lng: 0 },
    ];
    for (let i = 0; i < 100; i += 1) centres.push({ lat: -90 + random() * 180, lng: -180 + random() * 360 });
    for (const centre of centres) {
      for (const miles of [0.1, 1, 20, 500, 5000, 12_500]) {
        const km = miles * 1.609344;
        const boxes = radiusBoxes(centre, km);
        for (const b of boxes) expect(b.west).toBeLessThanOrEqual(b.east);
        for (let k = 0; k < 36; k += 1) {
          const bearing = k * 10 + random() * 10;
          expect(inside(boxes, destination(centre, bearing, km))).toBe(true);
          expect(inside(boxes, destination(centre, bearing, km * random()))).toBe(true);
        }
      }
    }
  });

  it("is the circle's own bounding box: 20 miles in Austin is ±0.29° of latitude, ±0.34° of longitude", () => {
    const [box, ...more] = radiusBoxes({ lat: 30.2672, lng: -97.7431 }, 20 * 1.609344);
    expect(more).toEqual([]);
    expect(box!.north - 30.2672).toBeCloseTo(0.2895, 4);
    expect(box!.east + 97.7431).toBeCloseTo(0.3352, 3);
  });

  it('splits a box across the antimeridian and takes every longitude around a pole', () => {
    expect(radiusBoxes({ lat: 10, lng: 179.9 }, 32).map((b) => [b.west, b.east])).toEqual([
      [expect.closeTo(179.608, 3), 180],
      [-180, expect.closeTo(-179.808, 3)],
    ]);
    expect(radiusBoxes({ lat: 89.95, lng: 0 }, 16)).toEqual([
      { south: expect.closeTo(89.806, 3), north: 90, west: -180, east: 180 },
    ]);
  });
});
