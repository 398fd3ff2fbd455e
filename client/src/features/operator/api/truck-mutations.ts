import type {
  FoodTruck,
  LocationUpdateInput,
  OpenTruckInput,
  TruckCreateInput,
  TruckUpdateInput,
} from '@shared/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { invalidateTruckCaches } from '@client/lib/query-keys';

/** A truck mutation that refetches every cached truck list once it succeeds. */
function useTruckMutation<TVars, TResult = FoodTruck>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient: QueryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => invalidateTruckCaches(queryClient),
  });
}

/** POST /api/food-trucks — the operator is the signed-in user. */
export function useCreateTruck() {
  return useTruckMutation((input: TruckCreateInput) => apiJson<FoodTruck>('POST', '/api/food-trucks', input));
}

/** PATCH /api/food-trucks/:id — image null clears the banner; gallery and menuDocuments replace. */
export function useUpdateTruck() {
  return useTruckMutation(({ id, input }: { id: number; input: TruckUpdateInput }) =>
    apiJson<FoodTruck>('PATCH', `/api/food-trucks/${id}`, input),
  );
}

/** PATCH /api/food-trucks/:id/location */
export function useUpdateLocation() {
  return useTruckMutation(({ id, input }: { id: number; input: LocationUpdateInput }) =>
    apiJson<FoodTruck>('PATCH', `/api/food-trucks/${id}/location`, input),
  );
}

/** POST /api/food-trucks/:id/open — 402 without an active subscription. */
export function useOpenTruck() {
  return useTruckMutation(({ id, input }: { id: number; input: OpenTruckInput }) =>
    apiJson<FoodTruck>('POST', `/api/food-trucks/${id}/open`, input),
  );
}

/** POST /api/food-trucks/:id/close */
export function useCloseTruck() {
  return useTruckMutation((id: number) => apiJson<FoodTruck>('POST', `/api/food-trucks/${id}/close`));
}

/** DELETE /api/food-trucks/:id — the truck, its menu and favourites go. */
export function useDeleteTruck() {
  return useTruckMutation((id: number) => apiJson<{ message: string }>('DELETE', `/api/food-trucks/${id}`));
}
