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
 * A `refetchOnMount` for a list the spec keeps never fresh: a screen mounting with an answer younger
 * than the list's polling period (the one its page's first script asked for, app/early-requests.ts)
 * does not ask again; the truck stream, or without it the polling, keeps it current from there.
 * Asking again cost a request beside the page's own, and a render, while the page came alive (issue 33).
 */
export const refetchOnMountOlderThan =
  (ms: number) =>
  (query: { state: { dataUpdatedAt: number } }): boolean =>
    Date.now() - query.state.dataUpdatedAt >= ms;
