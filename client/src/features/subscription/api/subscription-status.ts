import type { SubscriptionStatusResponse } from '@shared/contracts';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/subscription-status (only with a token): loaded with the default GET. */
export const useSubscriptionStatus = (enabled = true) =>
  useQuery<SubscriptionStatusResponse>({ queryKey: queryKeys.subscriptionStatus, enabled });
