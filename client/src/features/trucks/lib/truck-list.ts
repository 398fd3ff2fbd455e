import type { TruckSummary } from '@shared/contracts';
import { isWithin, milesTo, nearestFirst, type LatLng } from '@shared/utils/geo';

export type Position = LatLng;

type Searchable = Pick<TruckSummary, 'id' | 'name' | 'cuisine' | 'address'>;

/**
 * Spec section 5: case-insensitive substring match on name, cuisine or address — and, beyond the
 * spec (issue 27), on the description and menu: `serverHits` are the ids the server found for this
 * search (GET /api/food-trucks/search), since the list carries neither.
 */
export function matchesSearch(truck: Searchable, query: string, serverHits?: ReadonlySet<number>): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  if (serverHits?.has(truck.id)) return true;
  return [truck.name, truck.cuisine, truck.address].some((field) => field?.toLowerCase().includes(q) ?? false);
}

/** The trucks matching the search; the same array when the search is empty. */
export function filterTrucks<T extends Searchable>(trucks: readonly T[], query: string, serverHits?: ReadonlySet<number>): readonly T[] {
  if (!query.trim()) return trucks;
  return trucks.filter((t) => matchesSearch(t, query, serverHits));
}

/** The truck's distance from `position`: the server's figure when present, else great-circle; null without coordinates. */
export function distanceFrom(truck: TruckSummary, position: Position | null): number | null {
  if (!position) return null;
  if (typeof truck.distanceMiles === 'number') return truck.distanceMiles;
  return milesTo(position, placeOf(truck));
}

const placeOf = (truck: TruckSummary) => ({ lat: truck.latitude, lng: truck.longitude });

/**
 * The trucks within `radiusMiles` of `position` by the shared rule (shared/utils/geo.ts): what a
 * radius answer will hold, worked out from a list already on screen (an earlier answer's distances
 * were measured from elsewhere, so they are not used).
 */
export function withinRadius<T extends TruckSummary>(trucks: readonly T[], position: Position, radiusMiles: number): readonly T[] {
  const area = { ...position, radiusMiles };
  return trucks.filter((t) => isWithin(area, placeOf(t)));
}

export interface ListedTruck {
  truck: TruckSummary;
  distanceMiles: number | null;
}

/**
 * The list as shown: with a position, in the server's order for that position — the shared
 * "nearest first" rule (shared/utils/geo.ts: by great-circle distance from the coordinates, equal
 * distances by id, trucks without coordinates last); without one, the server's order. The distance
 * shown is the server's figure when present. The truck objects are the cached ones, untouched.
 */
export function sortByDistance(trucks: readonly TruckSummary[], position: Position | null): ListedTruck[] {
  const listed = trucks.map((truck) => ({ truck, distanceMiles: distanceFrom(truck, position) }));
  if (!position) return listed;
  return listed
    .map((entry) => ({ entry, id: entry.truck.id, miles: milesTo(position, placeOf(entry.truck)) }))
    .sort(nearestFirst)
    .map(({ entry }) => entry);
}

/**
 * The list with the truck a link names (`/find-trucks?truck=`) first, the rest in their order: the
 * diner came for that truck, and its card opens expanded. In its place it could be the 1,500th card
 * of a city's list, and the list drew every card above it (a `?truck=` link to the middle of 10,000
 * trucks took 17–20 s to its popup, ADR 0183). The same array when there is nothing to move.
 */
export function linkedFirst(listed: ListedTruck[], truckId: number | null): ListedTruck[] {
  if (truckId === null) return listed;
  const at = listed.findIndex((entry) => entry.truck.id === truckId);
  if (at <= 0) return listed;
  const rest = [...listed];
  const [linked] = rest.splice(at, 1);
  return linked ? [linked, ...rest] : listed;
}
