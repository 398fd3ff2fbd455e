import type { Order } from '@shared/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@client/lib/query-keys';

/** Puts a changed order into its own cache and its truck's queue, if cached (answers and live frames). */
export function storeOrder(queryClient: QueryClient, order: Order): void {
  queryClient.setQueryData(queryKeys.order(order.id), order);
  queryClient.setQueryData<Order[]>(queryKeys.truckOrders(order.foodTruckId), (queue) => {
    if (!queue) return queue;
    const at = queue.findIndex((o) => o.id === order.id);
    if (at === -1) return [...queue, order];
    const next = queue.slice();
    next[at] = order;
    return next;
  });
}

/** GET /api/orders/:id — the diner's own order (or the operator's truck's). */
export function orderQuery(orderId: number) {
  return queryOptions<Order>({ queryKey: queryKeys.order(orderId) });
}

export function useOrder(orderId: number) {
  return useQuery(orderQuery(orderId));
}
