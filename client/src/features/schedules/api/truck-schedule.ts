import type { Occurrences } from '@shared/contracts/schedules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/food-trucks/:id/schedule: the truck's stops over the next 7 days (share page). */
export function truckScheduleQuery(truckId: number) {
  return queryOptions<Occurrences>({ queryKey: queryKeys.truckSchedule(truckId), staleTime: 60_000 });
}

export function useTruckSchedule(truckId: number) {
  return useQuery(truckScheduleQuery(truckId));
}
