import { EARTH_RADIUS_KM, haversineMiles, KM_PER_MILE, type NearbyArea } from './geo';

/**
 * The one table of "within N miles, nearest first" (issue 23). Every place that applies the rule
 * runs it: the shared rule (geo.test.ts), the server's SQL through the database
 * (trucks.service.test.ts), the diners' in-memory index (diners-index.test.ts), the trucks placed at
 * their scheduled stops (schedule-reads.service.test.ts), and the client's stream handler and list
 * helper (entities/truck tests). Ids are given out of order on purpose.
 */
export interface NearbyCase {
  name: string;
  area: NearbyArea;
  trucks: { id: number; lat: number | null; lng: number | null }[];
  /** The ids within the area, nearest first (equal distances by id). */
  expected: number[];
}

const MILES_PER_DEGREE = (2 * Math.PI * EARTH_RADIUS_KM) / KM_PER_MILE / 360;
const AUSTIN = { lat: 30.2672, lng: -97.7431 };
/** A point `miles` due north of Austin. */
const north = (miles: number) => ({ lat: AUSTIN.lat + miles / MILES_PER_DEGREE, lng: AUSTIN.lng });
const EDGE = { lat: 30.4, lng: -97.6 };
/**
 * The point of the 20-mile circle around Austin furthest east: the tangent of its meridian, at
 * latitude asin(sin φ / cos θ) and longitude λ + asin(sin θ / cos φ) (θ = 20 miles as an angle).
 */
const THETA = 20 / MILES_PER_DEGREE / (180 / Math.PI);
const PHI = (AUSTIN.lat * Math.PI) / 180;
const WIDEST = {
  lat: (Math.asin(Math.sin(PHI) / Math.cos(THETA)) * 180) / Math.PI,
  lng: AUSTIN.lng + (Math.asin(Math.sin(THETA) / Math.cos(PHI)) * 180) / Math.PI,
};

export const NEARBY_CASES: NearbyCase[] = [
  {
    name: 'a truck exactly on the boundary is within',
    area: { ...AUSTIN, radiusMiles: haversineMiles(AUSTIN, EDGE) },
    trucks: [{ id: 1, ...EDGE }],
    expected: [1],
  },
  {
    name: 'just inside and just outside 20 miles',
    area: { ...AUSTIN, radiusMiles: 20 },
    trucks: [
      { id: 1, ...north(20.001) },
      { id: 2, ...north(19.999) },
      { id: 3, ...north(0.5) },
    ],
    expected: [3, 2],
  },
  {
    name: 'nearest first whatever the ids, the truck at the position itself first',
    area: { ...AUSTIN, radiusMiles: 20 },
    trucks: [
      { id: 1, ...north(12) },
      { id: 2, ...north(3) },
      { id: 3, ...north(7) },
      { id: 4, ...AUSTIN },
    ],
    expected: [4, 2, 3, 1],
  },
  {
    name: 'equal distances are ordered by id (same spot, and mirrored north and south)',
    area: { lat: 0, lng: 0, radiusMiles: 100 },
    trucks: [
      { id: 9, lat: 0.5, lng: 0.5 },
      { id: 4, lat: 0.5, lng: 0.5 },
      { id: 7, lat: 0.25, lng: 0 },
      { id: 6, lat: -0.25, lng: 0 },
    ],
    expected: [6, 7, 4, 9],
  },
  {
    name: 'trucks without coordinates are never nearby',
    area: { ...AUSTIN, radiusMiles: 20 },
    trucks: [
      { id: 1, lat: null, lng: null },
      { id: 2, ...north(1) },
    ],
    expected: [2],
  },
  {
    name: 'across the antimeridian',
    area: { lat: 10, lng: 179.9, radiusMiles: 20 },
    trucks: [
      { id: 1, lat: 10, lng: 179.5 },
      { id: 2, lat: 10, lng: -179.9 },
      { id: 3, lat: 10, lng: 179.95 },
    ],
    expected: [3, 2],
  },
  {
    // The circle's widest longitude is north of its centre's latitude: the SQL's lat/lng box must hold it.
    name: 'a truck on the boundary at the widest longitude of the circle',
    area: { ...AUSTIN, radiusMiles: haversineMiles(AUSTIN, WIDEST) },
    trucks: [
      { id: 1, ...WIDEST },
      { id: 2, lat: AUSTIN.lat, lng: WIDEST.lng },
    ],
    expected: [1],
  },
  {
    name: 'over the pole',
    area: { lat: 89.95, lng: 0, radiusMiles: 10 },
    trucks: [
      { id: 1, lat: 89.95, lng: 180 },
      { id: 2, lat: 89.95, lng: 90 },
      { id: 3, lat: 89.8, lng: 0 },
    ],
    expected: [2, 1],
  },
];
