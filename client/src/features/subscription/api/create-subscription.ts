import type { CreateSubscriptionResponse } from '@shared/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/**
 * POST /api/create-operator-subscription as a query: the server hands out the same pending
 * subscription on every call, so loading it like data (once per visit, never cached afterwards) is
 * safe and gives the screen its 'Setting up' and error states for free.
 */
export function subscriptionSetupQuery() {
  return queryOptions({
    queryKey: queryKeys.subscriptionSetup,
    queryFn: () => apiJson<CreateSubscriptionResponse>('POST', '/api/create-operator-subscription'),
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useSubscriptionSetup(enabled: boolean) {
  return useQuery({ ...subscriptionSetupQuery(), enabled });
}
