import type { FoodTruck, MyRating } from '@shared/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { patchTruck } from '@client/entities/truck/apply-truck-event';

/** GET /api/food-trucks/:id/rating: the signed-in customer's stars (null: not rated). */
export function myRatingQuery(truckId: number) {
  return queryOptions({
    queryKey: queryKeys.myRating(truckId),
    queryFn: () => apiJson<MyRating>('GET', `/api/food-trucks/${truckId}/rating`),
    staleTime: 60_000,
  });
}

export function useMyRating(truckId: number, enabled: boolean) {
  return useQuery({ ...myRatingQuery(truckId), enabled });
}

/** Puts the truck's new rating into every cached list at once (the event stream brings it too). */
function patchCachedRating(queryClient: QueryClient, truckId: number, rating: FoodTruck['rating']) {
  for (const key of [queryKeys.activeTrucks, queryKeys.favorites]) {
    for (const [listKey, list] of queryClient.getQueriesData<FoodTruck[]>({ queryKey: key })) {
      if (!Array.isArray(list)) continue;
      const index = list.findIndex((t) => t.id === truckId);
      if (index >= 0) queryClient.setQueryData(listKey, patchTruck(list, index, { rating }));
    }
  }
}

/** PUT (stars 1–5) or DELETE (stars null) /api/food-trucks/:id/rating. */
export function useRateTruck(truckId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stars: number | null) =>
      stars === null
        ? apiJson<MyRating>('DELETE', `/api/food-trucks/${truckId}/rating`)
        : apiJson<MyRating>('PUT', `/api/food-trucks/${truckId}/rating`, { stars }),
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.myRating(truckId), result);
      patchCachedRating(queryClient, truckId, result.rating);
    },
  });
}
