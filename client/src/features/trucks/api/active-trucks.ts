import type { TruckSummary } from '@shared/contracts';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '@client/lib/api-client';
import { queryKeys, type ActiveTrucksParams } from '@client/lib/query-keys';
import { activeTrucksUrl } from './active-trucks-url';

/** Set by the service worker (client/src/sw.ts) on a saved list it answers with while offline. */
export const SAVED_AT_HEADER = 'x-ftf-saved-at';

/** `savedAt` (ISO) when the list on screen is the copy saved before the network went away; null when live. */
export interface ActiveTrucksSource {
  savedAt: string | null;
}

/** Whether the list on screen is an offline copy, and from when (no request of its own: the list's fetch sets it). */
export function useActiveTrucksSource(): ActiveTrucksSource | undefined {
  return useQuery<ActiveTrucksSource>({ queryKey: queryKeys.activeTrucksSource, queryFn: () => ({ savedAt: null }), enabled: false, staleTime: Infinity })
    .data;
}

/** Spec section 9: the active list is refetched every 7 s and never considered fresh. */
export const ACTIVE_TRUCKS_POLL_MS = 7000;

/**
 * GET /api/food-trucks/active?view=summary. The browser's HTTP cache sends If-None-Match; a 304 comes back as the
 * cached body, and structural sharing then keeps every truck object (and the array) as it was.
 * While the event stream is open, changes arrive live and the timed refetch pauses.
 */
export function activeTrucksQuery(params: ActiveTrucksParams | undefined, live: boolean) {
  return queryOptions({
    queryKey: queryKeys.activeTrucksList(params),
    // The whole list's first fetch may already be under way: the entry asked for it (app/early-requests.ts).
    queryFn: async ({ client }) => {
      const res = await apiRequest('GET', activeTrucksUrl(params));
      // The service worker answers with the last list it saved when the network is gone (ADR 0160).
      const source: ActiveTrucksSource = { savedAt: res.headers.get(SAVED_AT_HEADER) };
      client.setQueryData(queryKeys.activeTrucksSource, source);
      return readJson<TruckSummary[]>(Promise.resolve(res));
    },
    refetchInterval: live ? false : ACTIVE_TRUCKS_POLL_MS,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
    staleTime: 0,
    // Switching radius or position keeps the old list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useActiveTrucks(params: ActiveTrucksParams | undefined, live: boolean) {
  return useQuery(activeTrucksQuery(params, live));
}

/**
 * Opening /find-trucks: ask for the list at once, from the app's entry, so the answer arrives while
 * the page's own code is still loading instead of after it (the page's first render asks for the
 * same key, unfiltered: the diner's position comes later). Measured in bench/map.ts.
 */
export function prefetchActiveTrucksFor(queryClient: QueryClient, pathname: string): void {
  if (pathname === '/find-trucks') void queryClient.prefetchQuery(activeTrucksQuery(undefined, false));
}
