import type { Occurrences } from '@shared/contracts/schedules';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/food-trucks/:id/schedule: the truck's stops over the next 7 days (share page). */
export function useTruckSchedule(truckId: number) {
  return useQuery<Occurrences>({ queryKey: queryKeys.truckSchedule(truckId), staleTime: 60_000 });
}
