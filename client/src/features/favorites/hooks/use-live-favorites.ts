import type { FoodTruck } from '@shared/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@client/lib/auth';
import { queryKeys } from '@client/lib/query-keys';
import { applyTruckEvent } from '@client/entities/truck/apply-truck-event';
import type { TruckStreamMessage } from '@client/entities/truck/truck-stream';
import { useTruckEvents, useTruckStreamOpen } from '@client/entities/truck/use-truck-events';
import { useFavorites } from '../api/favorites';

/**
 * The favourites list with the event stream's changes applied as they happen: a favourite that
 * opens, closes, moves or is rated changes in place, one that disappears leaves. Trucks that are
 * not favourites never enter (adding one refetches the list). Polls every 7 s only while the stream
 * is down.
 */
export function useLiveFavorites(enabled: boolean) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  useTruckEvents((message: TruckStreamMessage) => {
    if (!enabled) return;
    if (message.type === 'reset') {
      void queryClient.invalidateQueries({ queryKey: queryKeys.favorites });
      return;
    }
    const list = queryClient.getQueryData<FoodTruck[]>(queryKeys.favorites);
    if (!list?.some((t) => t.id === message.truck.id)) return;
    queryClient.setQueryData(queryKeys.favorites, applyTruckEvent(list, message));
  });
  const live = useTruckStreamOpen(enabled && Boolean(user));
  return useFavorites(live, enabled && Boolean(user));
}
