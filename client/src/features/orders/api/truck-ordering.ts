import type { TruckOrdering } from '@shared/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/food-trucks/:id/ordering — whether the truck takes orders now, and the wait. */
export function truckOrderingQuery(truckId: number) {
  return queryOptions<TruckOrdering>({ queryKey: queryKeys.truckOrdering(truckId), staleTime: 0 });
}

export function useTruckOrdering(truckId: number) {
  return useQuery(truckOrderingQuery(truckId));
}
