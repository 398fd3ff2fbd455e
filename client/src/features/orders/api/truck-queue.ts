import type { Order } from '@shared/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/food-trucks/:id/orders — the kitchen queue (operator): active orders and today's ended ones. */
export function truckQueueQuery(truckId: number) {
  return queryOptions<Order[]>({ queryKey: queryKeys.truckOrders(truckId) });
}

export function useTruckQueue(truckId: number) {
  return useQuery(truckQueueQuery(truckId));
}
