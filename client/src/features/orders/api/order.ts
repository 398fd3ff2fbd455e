import type { Order } from '@shared/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@client/lib/query-keys';

/** `list` with `order` in its place, or added (at the end, or first for a list newest first). */
function withOrder(list: Order[] | undefined, order: Order, newestFirst: boolean): Order[] | undefined {
  if (!list) return list;
  const at = list.findIndex((o) => o.id === order.id);
  if (at === -1) return newestFirst ? [order, ...list] : [...list, order];
  const next = list.slice();
  next[at] = order;
  return next;
}

/**
 * Puts a changed order into its own cache, its truck's queue and the diner's list of orders, where
 * cached (answers and live frames).
 */
export function storeOrder(queryClient: QueryClient, order: Order): void {
  queryClient.setQueryData(queryKeys.order(order.id), order);
  queryClient.setQueryData<Order[]>(queryKeys.truckOrders(order.foodTruckId), (queue) => withOrder(queue, order, false));
  queryClient.setQueryData<Order[]>(queryKeys.myOrders, (mine) => withOrder(mine, order, true));
}

/** GET /api/orders/:id — the diner's own order (or the operator's truck's). */
export function orderQuery(orderId: number) {
  return queryOptions<Order>({ queryKey: queryKeys.order(orderId) });
}

export function useOrder(orderId: number) {
  return useQuery(orderQuery(orderId));
}
