import type { Order } from '@shared/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/orders — the signed-in diner's orders, newest first (the last 50). */
export function myOrdersQuery() {
  return queryOptions<Order[]>({ queryKey: queryKeys.myOrders });
}

export function useMyOrders() {
  return useQuery(myOrdersQuery());
}
