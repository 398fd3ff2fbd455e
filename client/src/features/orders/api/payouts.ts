import type { PayoutAccount } from '@shared/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/operator/payouts — whether orders can be paid to the operator. */
export function payoutsQuery() {
  return queryOptions<PayoutAccount>({ queryKey: queryKeys.payouts });
}

export function usePayouts() {
  return useQuery(payoutsQuery());
}

/** POST /api/operator/payouts/connect — Stripe: off to onboarding; test mode: connected at once. */
export function useConnectPayouts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<PayoutAccount>('POST', '/api/operator/payouts/connect'),
    onSuccess: (account) => {
      queryClient.setQueryData(queryKeys.payouts, account);
      void queryClient.invalidateQueries({ queryKey: queryKeys.trucks });
      if (account.onboardingUrl) window.location.assign(account.onboardingUrl);
    },
  });
}
