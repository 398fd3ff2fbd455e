import type { SubscriptionStatusResponse, TestConfirmRequest } from '@shared/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** POST /api/payments/test/confirm — test mode's card payment; 402 with the decline message. */
export function useConfirmTestPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TestConfirmRequest) =>
      apiJson<SubscriptionStatusResponse>('POST', '/api/payments/test/confirm', input),
    onSuccess: (status) => queryClient.setQueryData(queryKeys.subscriptionStatus, status),
  });
}
