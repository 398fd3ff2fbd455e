import type { FoodTruck } from '@shared/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { applyTruckEvent, useTruckEvents, useTruckEventsConnection, type TruckEventsConnection } from '@client/lib/truck-events';
import { queryKeys } from '@client/lib/query-keys';

/**
 * Applies the event stream's changes of this operator's trucks to the dashboard list as they happen;
 * returns the stream's state ('open': the list's timed refetch may pause).
 */
export function useLiveOperatorTrucks(operatorId: number): TruckEventsConnection {
  const queryClient = useQueryClient();
  useTruckEvents((message) => {
    const key = queryKeys.operatorTrucks(operatorId);
    if (message.type === 'reset') {
      void queryClient.invalidateQueries({ queryKey: key });
      return;
    }
    if (message.type !== 'rated' && message.truck.operatorId !== operatorId) return;
    const list = queryClient.getQueryData<FoodTruck[]>(key);
    if (list) queryClient.setQueryData(key, applyTruckEvent(list, message, undefined, { operatorId }));
  });
  return useTruckEventsConnection();
}
