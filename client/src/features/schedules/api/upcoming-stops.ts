import type { Occurrence, UpcomingStops } from '@shared/contracts/schedules';
import type { WeeklyHours } from '@shared/utils/usual-hours';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useTruckEvents } from '@client/entities/truck/use-truck-events';
import { UPCOMING_STOPS_URL } from '@shared/contracts/first-data';

/** Per truck id: its current and next stops, and the time zone it keeps (the look-ahead's zone). */
export interface UpcomingByTruck {
  stops: Map<number, Occurrence[]>;
  zones: Map<number, string>;
  /** Unclaimed listings' weekly hours (issue 26): their status line says when they are usually there. */
  usualHours: Map<number, WeeklyHours[]>;
}

/** Each answer's maps, built once however many parts read them (every card's status line and going button). */
const maps = new WeakMap<UpcomingStops, UpcomingByTruck>();

function byTruck(list: UpcomingStops): UpcomingByTruck {
  let found = maps.get(list);
  if (!found) {
    found = buildMaps(list);
    maps.set(list, found);
  }
  return found;
}

function buildMaps(list: UpcomingStops): UpcomingByTruck {
  return {
    stops: new Map(list.map((e) => [e.truckId, e.stops])),
    zones: new Map(list.map((e) => [e.truckId, e.timeZone])),
    usualHours: new Map(list.flatMap((e) => (e.usualHours ? [[e.truckId, e.usualHours] as const] : []))),
  };
}

/**
 * Refetches the upcoming stops when a truck is `updated` (schedule changes publish that) or
 * removed. Call it once per screen that shows labels, not per label.
 */
export function useUpcomingStopsFollowChanges(): void {
  const queryClient = useQueryClient();
  // Refreshed every 5 minutes by this one reader, not by a timer per card.
  useQuery({ ...upcomingStopsQuery(), refetchInterval: UPCOMING_STOPS_REFRESH_MS, notifyOnChangeProps: [] });
  useTruckEvents((message) => {
    if (message.type === 'updated' || message.type === 'removed' || message.type === 'reset') {
      void queryClient.invalidateQueries({ queryKey: queryKeys.upcomingStops });
    }
  });
}

/** How often a screen showing status lines refreshes the stops (useUpcomingStopsFollowChanges). */
const UPCOMING_STOPS_REFRESH_MS = 5 * 60_000;

/**
 * GET /api/food-trucks/upcoming-stops, as maps from truck id to its current and next stop and its zone. One
 * query for every card and popup: fetched lazily beside the (cached, time-independent) truck list,
 * refreshed every 5 minutes and on changes by the screen (useUpcomingStopsFollowChanges).
 */
export function upcomingStopsQuery() {
  return queryOptions({
    queryKey: queryKeys.upcomingStops,
    // The cache holds the answer as it came (JSON, so a server-rendered page carries it to the
    // browser: ADR 0168); the maps are what the components read, built once per answer.
    queryFn: () => apiJson<UpcomingStops>('GET', UPCOMING_STOPS_URL),
    select: byTruck,
    staleTime: 60_000,
  });
}

/**
 * The stops as every card's status line and going button reads them. A reader never finds them
 * stale: the screen's one `useUpcomingStopsFollowChanges` keeps them fresh. With a stale time of
 * its own, each reader set a timer as it mounted: 100 cards' timers were a third of a 34 ms task
 * right after the list hydrated (Lighthouse trace, issue 33).
 */
export function useUpcomingStops() {
  return useQuery({ ...upcomingStopsQuery(), staleTime: Infinity });
}
