import type { TruckSummary } from '@shared/contracts';
import { haversineMiles } from '@shared/utils/geo';
import { hasCoordinates } from '@client/lib/truck-format';

export interface Position {
  lat: number;
  lng: number;
}

/** Spec section 5: case-insensitive substring match on name, cuisine or address. */
export function matchesSearch(truck: Pick<TruckSummary, 'name' | 'cuisine' | 'address'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [truck.name, truck.cuisine, truck.address].some((field) => field?.toLowerCase().includes(q) ?? false);
}

/** The trucks matching the search; the same array when the search is empty. */
export function filterTrucks<T extends Pick<TruckSummary, 'name' | 'cuisine' | 'address'>>(trucks: readonly T[], query: string): readonly T[] {
  if (!query.trim()) return trucks;
  return trucks.filter((t) => matchesSearch(t, query));
}

/** The truck's distance from `position`: the server's figure when present, else great-circle; null without coordinates. */
export function distanceFrom(truck: TruckSummary, position: Position | null): number | null {
  if (!position) return null;
  if (typeof truck.distanceMiles === 'number') return truck.distanceMiles;
  if (!hasCoordinates(truck)) return null;
  return haversineMiles(position, { lat: truck.latitude, lng: truck.longitude });
}

/**
 * The trucks within `radiusMiles` of `position` by great-circle distance: what a radius answer will
 * hold, worked out from a list already on screen (an earlier answer's distances were measured from
 * elsewhere, so they are not used).
 */
export function withinRadius<T extends TruckSummary>(trucks: readonly T[], position: Position, radiusMiles: number): readonly T[] {
  return trucks.filter(
    (t) => hasCoordinates(t) && haversineMiles(position, { lat: t.latitude, lng: t.longitude }) <= radiusMiles,
  );
}

export interface ListedTruck {
  truck: TruckSummary;
  distanceMiles: number | null;
}

/**
 * The list as shown: with a position, nearest first (trucks without coordinates last, in their
 * original order); without one, the server's order. The truck objects are the cached ones, untouched.
 */
export function sortByDistance(trucks: readonly TruckSummary[], position: Position | null): ListedTruck[] {
  const listed = trucks.map((truck) => ({ truck, distanceMiles: distanceFrom(truck, position) }));
  if (!position) return listed;
  return listed
    .map((entry, i) => ({ entry, i }))
    .sort((a, b) => {
      const da = a.entry.distanceMiles ?? Infinity;
      const db = b.entry.distanceMiles ?? Infinity;
      return da === db ? a.i - b.i : da - db;
    })
    .map(({ entry }) => entry);
}
