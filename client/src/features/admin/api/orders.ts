import type { AdminOrder, AdminRefund, Order } from '@shared/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/admin/orders — the newest 50 orders (issue 30). */
export function adminOrdersQuery() {
  return queryOptions<AdminOrder[]>({ queryKey: queryKeys.adminOrders });
}

export function useAdminOrders() {
  return useQuery(adminOrdersQuery());
}

/** GET /api/admin/refunds — the newest 50 refunds. */
export function adminRefundsQuery() {
  return queryOptions<AdminRefund[]>({ queryKey: queryKeys.adminRefunds });
}

export function useAdminRefunds() {
  return useQuery(adminRefundsQuery());
}

/** POST /api/admin/orders/:id/refund — ends an active order with a full refund (audit-logged). */
export function useAdminRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => apiJson<Order>('POST', `/api/admin/orders/${orderId}/refund`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin }),
  });
}
