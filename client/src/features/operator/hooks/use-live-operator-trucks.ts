import type { FoodTruck } from '@shared/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { applyTruckEvent } from '@client/entities/truck/apply-truck-event';
import type { TruckEventsConnection } from '@client/entities/truck/truck-stream';
import { useTruckEvents, useTruckEventsConnection } from '@client/entities/truck/use-truck-events';
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
