import type { FoodTruck } from '@shared/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@client/lib/query-keys';

/**
 * Polling of the operator's trucks (spec section 9): every 5000 ms, on mount and on focus — the
 * timed refetch only while the event stream is down (`live` false); while it is open, changes arrive
 * as they happen.
 */
export const OPERATOR_TRUCKS_REFETCH_MS = 5000;

/** GET /api/operators/:operatorId/food-trucks — the signed-in operator's trucks. */
export function operatorTrucksQuery(operatorId: number, live = false) {
  return queryOptions<FoodTruck[]>({
    queryKey: queryKeys.operatorTrucks(operatorId),
    refetchInterval: live ? false : OPERATOR_TRUCKS_REFETCH_MS,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
    staleTime: 0,
  });
}

export function useOperatorTrucks(operatorId: number, live: boolean) {
  return useQuery(operatorTrucksQuery(operatorId, live));
}
