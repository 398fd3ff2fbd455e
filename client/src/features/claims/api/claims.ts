import type { Claim, ClaimCode, ClaimStart } from '@shared/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { invalidateTruckCaches, queryKeys } from '@client/lib/query-keys';

/** GET /api/claims — the signed-in operator's claims, newest first (operators only: pass `enabled`). */
export function useMyClaims(enabled = true) {
  return useQuery({
    queryKey: queryKeys.myClaims,
    queryFn: () => apiJson<Claim[]>('GET', '/api/claims'),
    enabled,
    // A claim waiting for an admin changes on the admin's side: the dashboard looks again now and then.
    refetchInterval: 30_000,
  });
}

/**
 * A claim change: the claims list refetches, and — an approved claim makes the listing the
 * operator's truck — every truck list too.
 */
function useClaimMutation<TVars>(mutationFn: (vars: TVars) => Promise<Claim>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (claim) => {
      queryClient.setQueryData<Claim[]>(queryKeys.myClaims, (old) =>
        old ? [claim, ...old.filter((c) => c.id !== claim.id)].sort((a, b) => b.id - a.id) : old,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.myClaims });
      if (claim.status === 'approved') await invalidateTruckCaches(queryClient);
    },
  });
}

/** POST /api/food-trucks/:id/claims — a code texted to the listing, or a review by an admin. */
export function useStartClaim() {
  return useClaimMutation(({ truckId, ...body }: ClaimStart & { truckId: number }) =>
    apiJson<Claim>('POST', `/api/food-trucks/${truckId}/claims`, body),
  );
}

/** POST /api/claims/:id/code — the right code approves the claim. */
export function useVerifyClaimCode() {
  return useClaimMutation(({ claimId, code }: ClaimCode & { claimId: number }) =>
    apiJson<Claim>('POST', `/api/claims/${claimId}/code`, { code }),
  );
}

/** POST /api/claims/:id/resend — another code, after the cool-down. */
export function useResendClaimCode() {
  return useClaimMutation(({ claimId }: { claimId: number }) => apiJson<Claim>('POST', `/api/claims/${claimId}/resend`));
}
