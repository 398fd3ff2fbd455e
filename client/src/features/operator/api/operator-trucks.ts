import type { FoodTruck } from '@shared/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys, refetchOnMountOlderThan } from '@client/lib/query-keys';

/**
 * Polling of the operator's trucks (spec section 9): every 5000 ms, on mount and on focus — the
 * timed refetch only while the event stream is down (`live` false); while it is open, changes arrive
 * as they happen. On mount only when the list is older than that period: the dashboard's first
 * script has just asked for it.
 */
export const OPERATOR_TRUCKS_REFETCH_MS = 5000;

/** GET /api/operators/:operatorId/food-trucks — the signed-in operator's trucks. */
export function operatorTrucksQuery(operatorId: number, live = false) {
  return queryOptions<FoodTruck[]>({
    queryKey: queryKeys.operatorTrucks(operatorId),
    refetchInterval: live ? false : OPERATOR_TRUCKS_REFETCH_MS,
    refetchOnWindowFocus: true,
    refetchOnMount: refetchOnMountOlderThan(OPERATOR_TRUCKS_REFETCH_MS),
    staleTime: 0,
  });
}

export function useOperatorTrucks(operatorId: number, live: boolean) {
  return useQuery(operatorTrucksQuery(operatorId, live));
}
