import type { ScheduleStop, StopInput, TruckSchedule } from '@shared/contracts/schedules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useFirstScreenPainted } from '@client/lib/hydration';

function stopsUrl(truckId: number): string {
  return `/api/food-trucks/${truckId}/schedule/stops`;
}

/** GET /api/food-trucks/:id/schedule/stops — the operator's view (owner or admin). */
export function scheduleStopsQuery(truckId: number) {
  return queryOptions({
    queryKey: queryKeys.scheduleStops(truckId),
    queryFn: () => apiJson<TruckSchedule>('GET', stopsUrl(truckId)),
  });
}

export function useScheduleStops(truckId: number) {
  // Below the dashboard's first screen: asked for once it has painted (issue 33).
  return useQuery({ ...scheduleStopsQuery(truckId), enabled: useFirstScreenPainted() });
}

/**
 * The truck's stop under way now (by the server's clock), or null: the same query as the Schedule
 * section, read again every minute so the dashboard offers a stop while it runs.
 */
export function useStopUnderWay(truckId: number) {
  return useQuery({
    ...scheduleStopsQuery(truckId),
    refetchInterval: 60_000,
    select: (schedule) => schedule.underWay,
    enabled: useFirstScreenPainted(),
  });
}

/** A schedule change: the truck's stops and every diner-facing schedule list refetch after it. */
function useScheduleMutation<TVars, TResult>(truckId: number, mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.scheduleStops(truckId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.upcomingStops }),
      ]),
  });
}

/** POST /api/food-trucks/:id/schedule/stops */
export function useAddStop(truckId: number) {
  return useScheduleMutation(truckId, (input: StopInput) => apiJson<ScheduleStop>('POST', stopsUrl(truckId), input));
}

/** PUT /api/food-trucks/:id/schedule/stops/:stopId — the stop's new day, hours or place (diners going are told). */
export function useUpdateStop(truckId: number) {
  return useScheduleMutation(truckId, ({ stopId, input }: { stopId: number; input: StopInput }) =>
    apiJson<ScheduleStop>('PUT', `${stopsUrl(truckId)}/${stopId}`, input),
  );
}

/** DELETE /api/food-trucks/:id/schedule/stops/:stopId */
export function useDeleteStop(truckId: number) {
  return useScheduleMutation(truckId, (stopId: number) =>
    apiJson<unknown>('DELETE', `${stopsUrl(truckId)}/${stopId}`),
  );
}

/** POST …/stops/:stopId/exceptions — "not this date" for a weekly stop. */
export function useSkipDate(truckId: number) {
  return useScheduleMutation(truckId, ({ stopId, date }: { stopId: number; date: string }) =>
    apiJson<ScheduleStop>('POST', `${stopsUrl(truckId)}/${stopId}/exceptions`, { date }),
  );
}

/** DELETE …/stops/:stopId/exceptions/:date — the weekly stop happens on that date again. */
export function useUnskipDate(truckId: number) {
  return useScheduleMutation(truckId, ({ stopId, date }: { stopId: number; date: string }) =>
    apiJson<ScheduleStop>('DELETE', `${stopsUrl(truckId)}/${stopId}/exceptions/${date}`),
  );
}

/** PUT /api/food-trucks/:id/schedule/time-zone */
export function useSetTimeZone(truckId: number) {
  return useScheduleMutation(truckId, (timeZone: string) =>
    apiJson<TruckSchedule>('PUT', `/api/food-trucks/${truckId}/schedule/time-zone`, { timeZone }),
  );
}
