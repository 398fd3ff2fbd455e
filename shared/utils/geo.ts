export const EARTH_RADIUS_KM = 6371;
export const KM_PER_MILE = 1.609344;

const toRad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in kilometres. */
export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function haversineMiles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  return haversineKm(a, b) / KM_PER_MILE;
}

export interface LatLng {
  lat: number;
  lng: number;
}

/** A place that may have no position (a truck without coordinates is never nearby). */
export interface MaybeLatLng {
  lat: number | null | undefined;
  lng: number | null | undefined;
}

/** A latitude/longitude rectangle in degrees, west ≤ east (a box across the antimeridian is two). */
export interface LatLngBox {
  south: number;
  north: number;
  west: number;
  east: number;
}

/** Added to the angular radius of radiusBoxes (about 0.6 m): points on the circle stay inside. */
const BOX_MARGIN_RAD = 1e-7;
const toDeg = (rad: number) => (rad * 180) / Math.PI;

/**
 * Rectangles that together hold every point within `radiusKm` of `center` on the EARTH_RADIUS_KM
 * sphere: the bounding box of the spherical cap. Latitude is the centre's ± the angular radius θ;
 * longitude ± asin(sin θ / cos latitude), or every longitude when the cap holds a pole; a box that
 * crosses the antimeridian is split in two. A superset with a small margin: the exact distance is
 * checked after (the SQL radius pre-filter, on the point index of food_trucks).
 */
export function radiusBoxes(center: LatLng, radiusKm: number): LatLngBox[] {
  const theta = radiusKm / EARTH_RADIUS_KM + BOX_MARGIN_RAD;
  const south = center.lat - toDeg(theta);
  const north = center.lat + toDeg(theta);
  if (south <= -90 || north >= 90)
    return [{ south: Math.max(south, -90), north: Math.min(north, 90), west: -180, east: 180 }];
  // θ < 90° − |latitude| here, so sin θ < cos latitude.
  const half = toDeg(Math.asin(Math.sin(theta) / Math.cos(toRad(center.lat))));
  const west = center.lng - half;
  const east = center.lng + half;
  if (half >= 180) return [{ south, north, west: -180, east: 180 }];
  if (west < -180)
    return [
      { south, north, west: west + 360, east: 180 },
      { south, north, west: -180, east },
    ];
  if (east > 180)
    return [
      { south, north, west, east: 180 },
      { south, north, west: -180, east: east - 360 },
    ];
  return [{ south, north, west, east }];
}

/** "Within N miles" of a position: the diners' list and map with the position known. */
export interface NearbyArea extends LatLng {
  radiusMiles: number;
}

/** Miles from `from` to `to` by great circle, or null when `to` has no coordinates. */
export function milesTo(from: LatLng, to: MaybeLatLng): number | null {
  if (typeof to.lat !== 'number' || typeof to.lng !== 'number') return null;
  return haversineMiles(from, { lat: to.lat, lng: to.lng });
}

/**
 * The one rule of "within N miles" (with `nearestFirst` below): the distance of `to` when it lies
 * within the area — the boundary itself included — else null. The SQL in
 * server/src/modules/trucks/radius.ts computes the same circle with earthdistance (after
 * radiusBoxes on its point index) and is held to this rule by the table in nearby.cases.ts.
 */
export function milesWithin(area: NearbyArea, to: MaybeLatLng): number | null {
  const miles = milesTo(area, to);
  return miles !== null && miles <= area.radiusMiles ? miles : null;
}

export const isWithin = (area: NearbyArea, to: MaybeLatLng): boolean => milesWithin(area, to) !== null;

/** An item ranked by distance: null miles (no position) ranks last. */
export interface RankedByDistance {
  id: number;
  miles: number | null;
}

/** Nearest first; equal distances by id (ascending); places without a position last, by id. */
export function nearestFirst(a: RankedByDistance, b: RankedByDistance): number {
  const da = a.miles ?? Infinity;
  const db = b.miles ?? Infinity;
  return da === db ? a.id - b.id : da - db;
}

/** Three decimals (about 5 feet): the `distanceMiles` a list answer carries. */
export const roundMiles = (miles: number): number => Math.round(miles * 1000) / 1000;

/**
 * The items within the area, nearest first (then by id), each with its unrounded distance:
 * `placeOf` reads an item's id and coordinates.
 */
export function nearby<T>(
  items: Iterable<T>,
  area: NearbyArea,
  placeOf: (item: T) => MaybeLatLng & { id: number },
): { item: T; miles: number }[] {
  const found: { item: T; id: number; miles: number }[] = [];
  for (const item of items) {
    const place = placeOf(item);
    const miles = milesWithin(area, place);
    if (miles !== null) found.push({ item, id: place.id, miles });
  }
  return found.sort(nearestFirst).map(({ item, miles }) => ({ item, miles }));
}
