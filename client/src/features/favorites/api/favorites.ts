import type { FavoriteCheck, FoodTruck, TruckSummary } from '@shared/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { queryKeys, refetchOnMountOlderThan } from '@client/lib/query-keys';
import { markAlerted } from '../nearby';

/** Spec section 9: favourites and favourite checks every 7 s, never fresh — here only while the event stream is down. */
export const FAVORITES_POLL_MS = 7000;

/** GET /api/favorites: the signed-in user's favourite trucks diners may see now. */
export function favoritesQuery(live: boolean, enabled = true) {
  return queryOptions({
    queryKey: queryKeys.favorites,
    queryFn: () => apiJson<FoodTruck[]>('GET', '/api/favorites'),
    enabled,
    refetchInterval: live ? false : FAVORITES_POLL_MS,
    refetchOnWindowFocus: true,
    refetchOnMount: refetchOnMountOlderThan(FAVORITES_POLL_MS),
    staleTime: 0,
  });
}

export function useFavorites(live: boolean, enabled = true) {
  return useQuery(favoritesQuery(live, enabled));
}

/**
 * POST /api/favorites or DELETE /api/favorites/:truckId; afterwards the list is refetched (spec
 * section 7) and the mutation stays pending until it is back, so the button never flickers. Buttons
 * read "is favourite" from that one list rather than one check request per card.
 */
export function useSetFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ truck, favorite }: { truck: Pick<TruckSummary, 'id'>; favorite: boolean }) =>
      favorite
        ? apiJson<FavoriteCheck>('POST', '/api/favorites', { foodTruckId: truck.id })
        : apiJson<FavoriteCheck>('DELETE', `/api/favorites/${truck.id}`),
    // Before the request: a list read meanwhile (polling, a refocus) may already hold the new
    // favourite. Should the request fail, the mark goes at the alerts' next look (not a favourite).
    onMutate: ({ truck, favorite }) => {
      if (favorite) markAlerted(truck.id);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.favorites }),
  });
}
