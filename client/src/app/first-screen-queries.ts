import type { QueryClient } from '@tanstack/react-query';
import { firstScreenQueries } from '@client/app/early-requests';
import { fetchFavoritesCalendarFeed } from '@client/features/schedules/api/favorites-calendar-feed';
import { queryKeys } from '@client/lib/query-keys';
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
