import type { QueryClient } from '@tanstack/react-query';
import { firstScreenQueries, searchInUrl } from '@client/app/early-requests';
import { fetchFavoritesCalendarFeed } from '@client/features/schedules/api/favorites-calendar-feed';
import { apiRequest, readJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { truckSearchUrl } from '@shared/contracts/first-data';
import type { TruckSearchResult } from '@shared/contracts/trucks';
import { readStoredUser } from '@client/lib/stored-session';

/**
 * The app (app-main.tsx) puts the answers to the first script's requests for a signed-in screen into
 * the cache before its first render, so the screen's first paint is its content rather than a
 * loading state that the content then replaces (a layout shift, and a late LCP: issue 33; on
 * /favorites the settings above the list grew as they arrived and pushed it down). Kept out of the
 * first script (early-requests.ts), which only asks.
 */
export function prefetchFirstScreenQueries(queryClient: QueryClient, pathname: string): Promise<unknown> {
  // The one such query whose answer is not its URL's JSON as it stands: the feed's address, or null.
  queryClient.setQueryDefaults(queryKeys.favoritesCalendarFeed, { queryFn: fetchFavoritesCalendarFeed });
  return Promise.all(
    firstScreenQueries(pathname, readStoredUser()).map((queryKey) => queryClient.prefetchQuery({ queryKey })),
  );
}

/**
 * /find-trucks' first render, the same for every diner: the whole list and the trucks' upcoming
 * stops, which every card's status line reads, and the search in its URL if any (ADR 0182), so
 * that the list opens searched (unless the server rendered the page with them, ADR 0168).
 * Each takes the request the page's first script started (early-requests.ts); the app waits for
 * them before its first render, as for a signed-in screen's. Rendered without them, the cards came
 * a moment later, and the status lines later still, each as a render that a query's answer forces
 * at once and that cannot yield to the browser: 200-500 ms long tasks on a 4x slowed phone (issue 33).
 */
export function prefetchPublicScreenQueries(
  queryClient: QueryClient,
  pathname: string,
  { serverRendered, search = '' }: { serverRendered: boolean; search?: string },
): Promise<unknown> {
  if (pathname !== '/find-trucks' || serverRendered) return Promise.resolve();
  const q = searchInUrl(search);
  // Imported here, not above: they are the screen's own modules (its Link header preloads them),
  // and every other screen's first JavaScript stays without them.
  return Promise.all([
    import('@client/features/trucks/api/active-trucks').then(({ activeTrucksQuery }) =>
      queryClient.prefetchQuery(activeTrucksQuery(undefined, false)),
    ),
    import('@client/features/schedules/api/upcoming-stops').then(({ upcomingStopsQuery }) =>
      queryClient.prefetchQuery(upcomingStopsQuery()),
    ),
    // Not through truck-search.ts: imported here too, it became a chunk of its own (a 13th file
    // for /find-trucks, over its budget of 12: bench/bundle-size.ts).
    q &&
      queryClient.prefetchQuery({
        queryKey: queryKeys.truckSearch(q),
        queryFn: () => readJson<TruckSearchResult>(apiRequest('GET', truckSearchUrl(q))),
      }),
  ]);
}
