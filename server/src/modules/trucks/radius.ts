import { and, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { EARTH_RADIUS_KM, radiusBoxes, type LatLng } from '@shared/utils/geo';

const EARTH_RADIUS_M = EARTH_RADIUS_KM * 1000;

type Coordinate = AnyPgColumn | SQL;

/**
 * The radius pre-filter: `point(longitude, latitude)` inside the circle's latitude/longitude
 * bounding box (radiusBoxes: one box, or two across the antimeridian). On food_trucks the GiST
 * index food_trucks_point_idx answers it (migration 0021, ADR 0167): a 2-D point index costs a
 * fraction of the earth cube index it replaced to keep up on insert. A superset of the circle.
 */
export function inRadiusBox(latitude: Coordinate, longitude: Coordinate, at: LatLng, meters: number): SQL {
  const boxes = radiusBoxes(at, meters / 1000).map(
    (b) =>
      sql`point(${longitude}, ${latitude}) <@ box(point(${b.west}::float8, ${b.south}::float8), point(${b.east}::float8, ${b.north}::float8))`,
  );
  return and(isNotNull(latitude), isNotNull(longitude), boxes.length === 1 ? boxes[0] : or(...boxes))!;
}

/**
 * Within `meters` of `at` by great circle on the 6,371 km sphere of shared/utils/geo (the boundary
 * included): the box pre-filter, then earthdistance's exact distance (scaled to its own earth()
 * radius) trims the box's corners.
 */
export function withinRadius(latitude: Coordinate, longitude: Coordinate, at: LatLng, meters: number): SQL {
  const origin = sql`ll_to_earth(${at.lat}::float8, ${at.lng}::float8)`;
  const scaled = sql`(${meters}::float8 * earth() / ${EARTH_RADIUS_M}::float8)`;
  return and(
    inRadiusBox(latitude, longitude, at, meters),
    sql`earth_distance(${origin}, ll_to_earth(${latitude}, ${longitude})) <= ${scaled}`,
  )!;
}
