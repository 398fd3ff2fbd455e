import type { FoodTruck } from '@shared/contracts';
import type { TakeStopPlaceInput } from '@shared/contracts/schedules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { invalidateTruckCaches } from '@client/lib/query-keys';

/**
 * POST /api/food-trucks/:id/schedule/stops/:stopId/take-place — the truck takes the place and
 * address of its stop under way (409 when it is not); `open: true` opens a closed truck there.
 */
export function useTakeStopPlace(truckId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stopId, ...input }: TakeStopPlaceInput & { stopId: number }) =>
      apiJson<FoodTruck>('POST', `/api/food-trucks/${truckId}/schedule/stops/${stopId}/take-place`, input),
    onSuccess: () => invalidateTruckCaches(queryClient),
  });
}
