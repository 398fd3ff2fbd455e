import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

const URL = '/api/favorites/calendar-feed';

/** GET /api/favorites/calendar-feed — the secret address, or null while there is none (404). */
export async function fetchFavoritesCalendarFeed(): Promise<string | null> {
  try {
    return (await apiJson<{ url: string }>('GET', URL)).url;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/**
 * The same from an answer the server's render got (ADR 0176): the address, null while there is
 * none (404), undefined for any other answer (the page is then not rendered with it).
 */
export function calendarFeedFromAnswer(status: number, json: unknown): string | null | undefined {
  if (status === 404) return null;
  const url = status === 200 && json && typeof json === 'object' ? (json as { url?: unknown }).url : undefined;
  return typeof url === 'string' ? url : undefined;
}

export function favoritesCalendarFeedQuery() {
  return queryOptions({ queryKey: queryKeys.favoritesCalendarFeed, queryFn: fetchFavoritesCalendarFeed });
}

export function useFavoritesCalendarFeed() {
  return useQuery(favoritesCalendarFeedQuery());
}

/** POST (a new address, the old one stops working) or DELETE (revoke) the favourites feed. */
export function useChangeFavoritesCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: 'renew' | 'revoke') =>
      action === 'renew'
        ? (await apiJson<{ url: string }>('POST', URL)).url
        : (await apiJson('DELETE', URL), null),
    onSuccess: (url) => queryClient.setQueryData(queryKeys.favoritesCalendarFeed, url),
  });
}
