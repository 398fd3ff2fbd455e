import type { SubscriptionStatusResponse } from '@shared/contracts';
import { useQuery } from '@tanstack/react-query';

export const subscriptionStatusQueryKey = ['/api/subscription-status'] as const;

/** GET /api/subscription-status (only with a token): loaded with the default GET. */
export const useSubscriptionStatus = (enabled = true) =>
  useQuery<SubscriptionStatusResponse>({ queryKey: subscriptionStatusQueryKey, enabled });
