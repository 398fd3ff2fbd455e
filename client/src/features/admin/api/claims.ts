import type { AdminClaim, ClaimReject } from '@shared/contracts';
import { apiJson } from '@client/lib/api-client';
import { useAdminList, type ListParams } from './admin-list';
import { useAdminMutation } from './admin-mutations';

/** GET /api/admin/claims?search&status — claims of open-data listings (ADR 0158). */
export function useAdminClaims(params: ListParams) {
  return useAdminList<AdminClaim>('claims', params);
}

/** POST /api/admin/claims/:id/approve — the listing becomes the operator's truck. */
export function useApproveClaim() {
  return useAdminMutation(({ id }: { id: number }) => apiJson<AdminClaim>('POST', `/api/admin/claims/${id}/approve`));
}

/** POST /api/admin/claims/:id/reject — with the reason the operator is told. */
export function useRejectClaim() {
  return useAdminMutation(({ id, reason }: ClaimReject & { id: number }) =>
    apiJson<AdminClaim>('POST', `/api/admin/claims/${id}/reject`, { reason }),
  );
}
