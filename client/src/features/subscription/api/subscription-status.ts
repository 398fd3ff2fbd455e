import type { SubscriptionStatusResponse } from '@shared/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/subscription-status (only with a token): loaded with the default GET. */
export function subscriptionStatusQuery() {
  return queryOptions<SubscriptionStatusResponse>({ queryKey: queryKeys.subscriptionStatus });
}

export function useSubscriptionStatus(enabled = true) {
  return useQuery({ ...subscriptionStatusQuery(), enabled });
}
