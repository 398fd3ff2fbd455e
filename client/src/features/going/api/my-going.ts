import type { MyGoingListWire } from '@shared/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/going: the signed-in customer's stops they said they are going to (issue 31). */
export function myGoingQuery(enabled: boolean) {
  return queryOptions({
    queryKey: queryKeys.myGoing,
    queryFn: () => apiJson<MyGoingListWire>('GET', '/api/going'),
    enabled,
    staleTime: 30_000,
  });
}

export function useMyGoing(enabled: boolean) {
  return useQuery(myGoingQuery(enabled));
}

/**
 * POST or DELETE /api/food-trucks/:id/going: both answer the caller's new list, which replaces the
 * cached one (no refetch): one tap shows at once, every button of the truck follows.
 */
export function useSetGoing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ truckId, going }: { truckId: number; going: boolean }) =>
      apiJson<MyGoingListWire>(going ? 'POST' : 'DELETE', `/api/food-trucks/${truckId}/going`),
    onSuccess: (list) => queryClient.setQueryData(queryKeys.myGoing, list),
  });
}
