import { DEFAULT_RADIUS_MILES } from '@shared/constants';
import type { TruckEvent, TruckSummary } from '@shared/contracts';
import { milesTo, milesWithin, nearestFirst, roundMiles } from '@shared/utils/geo';
import type { ActiveTrucksParams } from '@client/lib/query-keys';

/** Pure list patching: one truck event applied to one cached list (no stream, no cache here). */

export interface ApplyOptions {
  /** The list belongs to this operator (operators only see their own trucks): others' trucks stay out. */
  operatorId?: number;
}

/**
 * Applies one change to one cached list, returning the same array when nothing changes.
 * A removed truck leaves; any other event replaces the truck in place or inserts it. With a
 * position, the truck must lie within the radius (default 20 miles) and goes where the server's
 * answer would hold it: the shared "within N miles, nearest first" rule (shared/utils/geo.ts), with
 * the server's rounded `distanceMiles`.
 */
export function applyTruckEvent(
  list: readonly TruckSummary[],
  event: TruckEvent,
  params?: ActiveTrucksParams,
  options: ApplyOptions = {},
): TruckSummary[] {
  const current = list as TruckSummary[];
  const index = list.findIndex((t) => t.id === event.truck.id);
  const existing = index >= 0 ? list[index] : undefined;
  if (event.type === 'rated') return existing ? patchTruck(list, index, { rating: event.truck.rating }) : current;
  // An older event than what we hold (a refetch overtook it) changes nothing; a removal always applies.
  if (existing && event.type !== 'removed' && Date.parse(existing.lastUpdated) > Date.parse(event.truck.lastUpdated)) {
    return current;
  }

  let next: TruckSummary | null = event.type === 'removed' ? null : { ...event.truck };
  if (next && options.operatorId !== undefined && next.operatorId !== options.operatorId) next = null;
  if (!params) {
    if (next) delete next.distanceMiles;
  } else if (next) {
    const area = { lat: params.lat, lng: params.lng, radiusMiles: params.radiusMiles ?? DEFAULT_RADIUS_MILES };
    const miles = milesWithin(area, { lat: next.latitude, lng: next.longitude });
    if (miles === null) next = null;
    else {
      const without = index >= 0 ? list.filter((_, i) => i !== index) : [...list];
      const placed = { ...next, distanceMiles: roundMiles(miles) };
      const rank = { id: placed.id, miles };
      const at = without.findIndex(
        (t) => nearestFirst(rank, { id: t.id, miles: milesTo(area, { lat: t.latitude, lng: t.longitude }) }) < 0,
      );
      without.splice(at < 0 ? without.length : at, 0, placed);
      return without;
    }
  }

  if (!next) return index >= 0 ? list.filter((_, i) => i !== index) : current;
  const without = index >= 0 ? list.filter((_, i) => i !== index) : [...list];
  if (index >= 0) without.splice(index, 0, next);
  else without.push(next);
  return without;
}

/** The list with the truck at `index` changed by `patch` (a new array and a new truck object). */
export function patchTruck(list: readonly TruckSummary[], index: number, patch: Partial<TruckSummary>): TruckSummary[] {
  const next = [...list];
  const truck = next[index];
  if (truck) next[index] = { ...truck, ...patch };
  return next;
}
