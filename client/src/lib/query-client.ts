import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

/** Spec section 9 defaults: fresh for 5 minutes, no timed refetch, no refetch on focus, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: 5 * 60 * 1000,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * A query's data answered this recently is not asked for again because a screen mounts: the
 * page's first script asked for it (early-requests.ts) and the app put it in the cache before the
 * first render; asking again as the screen mounts would be a second request in the page's first
 * second on a slow phone for the same answer. For the lists the spec keeps never fresh (staleTime 0).
 */
export const JUST_FETCHED_MS = 2000;
export const refetchOnMountUnlessJustFetched = (query: { state: { dataUpdatedAt: number } }): boolean =>
  Date.now() - query.state.dataUpdatedAt >= JUST_FETCHED_MS;
