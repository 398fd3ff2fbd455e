import type { SubscriptionStatusResponse } from '@shared/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** POST /api/subscription/cancel (cancel = true) or /resume-renewal; the answer is the new status. */
export function useSetRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cancel: boolean) =>
      apiJson<SubscriptionStatusResponse>('POST', cancel ? '/api/subscription/cancel' : '/api/subscription/resume-renewal'),
    onSuccess: (status) => queryClient.setQueryData(queryKeys.subscriptionStatus, status),
  });
}
