import type { TruckSummary } from '@shared/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '@client/lib/api-client';
import { queryKeys, refetchOnMountOlderThan, type ActiveTrucksParams } from '@client/lib/query-keys';
import { activeTrucksUrl } from '@shared/contracts/first-data';
import { SAVED_AT_HEADER } from '@client/lib/offline-list';

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
    // A screen mounting with a list answered moments ago (the one the app fetched before its first
    // render, app/first-screen-queries.ts) does not ask again: the truck stream opens from that
    // answer's Truck-Event-Id and replays every change after it (ADR 0139), and without a stream the
    // 7 s polling does.
    refetchOnMount: refetchOnMountOlderThan(ACTIVE_TRUCKS_POLL_MS),
    staleTime: 0,
    // Switching radius or position keeps the old list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useActiveTrucks(params: ActiveTrucksParams | undefined, live: boolean) {
  return useQuery(activeTrucksQuery(params, live));
}

