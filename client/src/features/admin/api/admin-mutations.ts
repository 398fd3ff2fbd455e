import type {
  AdminDeleteResponse,
  AdminSubscriptionResponse,
  AdminUser,
  AdminUserUpdate,
} from '@shared/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { invalidateTruckCaches, queryKeys } from '@client/lib/query-keys';

export type AccountKind = 'customers' | 'operators';

/** An admin change: afterwards every admin list, the stats and (trucks may have gone) truck caches refetch. */
export function useAdminMutation<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin }),
        invalidateTruckCaches(queryClient),
      ]),
  });
}

/** PATCH /api/admin/{customers|operators}/:id — only the changed fields. */
export function useUpdateAccount() {
  return useAdminMutation(({ kind, id, changes }: { kind: AccountKind; id: number; changes: AdminUserUpdate }) =>
    apiJson<AdminUser>('PATCH', `/api/admin/${kind}/${id}`, changes),
  );
}

/** DELETE /api/admin/{customers|operators}/:id — the account and everything it owns. */
export function useDeleteAccount() {
  return useAdminMutation(({ kind, id }: { kind: AccountKind; id: number }) =>
    apiJson<AdminDeleteResponse>('DELETE', `/api/admin/${kind}/${id}`),
  );
}

/** POST /api/admin/operators/:id/subscription/{pause|resume} */
export function useSubscriptionAction() {
  return useAdminMutation(({ id, action }: { id: number; action: 'pause' | 'resume' }) =>
    apiJson<AdminSubscriptionResponse>('POST', `/api/admin/operators/${id}/subscription/${action}`),
  );
}
