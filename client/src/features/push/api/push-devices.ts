import type { PushDevice, PushPublicKey, PushSubscribeInput } from '@shared/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

const URL = '/api/push/subscriptions';

/** GET /api/push/subscriptions: the caller's devices with push alerts on. */
export function pushDevicesQuery() {
  return queryOptions({ queryKey: queryKeys.pushDevices, queryFn: () => apiJson<PushDevice[]>('GET', URL) });
}

export function usePushDevices(enabled = true) {
  return useQuery({ ...pushDevicesQuery(), enabled });
}

/** GET /api/push/public-key: the applicationServerKey the browser subscribes with. */
export function fetchPushPublicKey() {
  return apiJson<PushPublicKey>('GET', '/api/push/public-key');
}

/** POST /api/push/subscriptions: this browser's subscription. */
export function postPushSubscription(input: PushSubscribeInput) {
  return apiJson<PushDevice>('POST', URL, input);
}

/** DELETE /api/push/subscriptions/:id. */
export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `${URL}/${id}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.pushDevices }),
  });
}
