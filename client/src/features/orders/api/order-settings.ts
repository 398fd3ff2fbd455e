import type { OrderSettings } from '@shared/contracts';
import type { OrderSettingsChange } from '@shared/contracts/orders';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/food-trucks/:id/order-settings — pause, throttle, preparation time, payouts. */
export function orderSettingsQuery(truckId: number) {
  return queryOptions<OrderSettings>({ queryKey: queryKeys.truckOrderSettings(truckId) });
}

export function useOrderSettings(truckId: number) {
  return useQuery(orderSettingsQuery(truckId));
}

/** PUT /api/food-trucks/:id/order-settings */
export function useUpdateOrderSettings(truckId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderSettingsChange) => apiJson<OrderSettings>('PUT', `/api/food-trucks/${truckId}/order-settings`, input),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.truckOrderSettings(truckId), settings),
  });
}
