import type { GoingCountWire } from '@shared/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useFirstScreenPainted } from '@client/lib/hydration';

/** GET /api/food-trucks/:id/going: per current or upcoming stop, how many said they are going (owner only). */
export function goingCountsQuery(truckId: number) {
  return queryOptions({
    queryKey: queryKeys.goingCounts(truckId),
    queryFn: () => apiJson<GoingCountWire[]>('GET', `/api/food-trucks/${truckId}/going`),
    // Kept live by the event stream's `going` signal (useLiveGoingCounts); a minute's poll covers a stream that is down.
    refetchInterval: 60_000,
  });
}

export function useGoingCounts(truckId: number) {
  // Below the dashboard's first screen: asked for once it has painted (issue 33).
  return useQuery({ ...goingCountsQuery(truckId), enabled: useFirstScreenPainted() });
}
