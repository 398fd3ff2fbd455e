import type { Occurrences } from '@shared/contracts/schedules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@client/lib/query-keys';

/**
 * How far ahead the share page's next stops reach: four weeks, so a truck out one night a week
 * shows its next four nights, not one (the API's default window is 7 days).
 */
const NEXT_STOPS_DAYS = 28;

/**
 * The share page's "Next stops" with none in that window. Not the status line's "No upcoming stops",
 * which a closed truck's page already says at its top: twice in one screen read as a fault.
 */
export const NO_STOPS_AHEAD = 'None in the next four weeks.';

/** GET /api/food-trucks/:id/schedule?to=: the truck's stops over the next four weeks (share page). */
export function truckScheduleQuery(truckId: number, now = Date.now()) {
  const to = new Date(now + NEXT_STOPS_DAYS * 86_400_000).toISOString().slice(0, 10);
  return queryOptions<Occurrences>({ queryKey: queryKeys.truckSchedule(truckId, to), staleTime: 60_000 });
}

export function useTruckSchedule(truckId: number) {
  return useQuery(truckScheduleQuery(truckId));
}
