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
