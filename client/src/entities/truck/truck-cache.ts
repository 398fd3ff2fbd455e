import type { TruckSummary } from '@shared/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys, type ActiveTrucksParams } from '@client/lib/query-keys';
import { applyTruckEvent, type ApplyOptions } from './apply-truck-event';
import type { TruckStreamMessage } from './truck-stream';

function isParams(v: unknown): v is ActiveTrucksParams {
  return typeof v === 'object' && v !== null && typeof (v as { lat?: unknown }).lat === 'number' && typeof (v as { lng?: unknown }).lng === 'number';
}

function paramsOf(key: QueryKey): ActiveTrucksParams | undefined {
  const p = key[1];
  return isParams(p) ? p : undefined;
}

/**
 * Applies a stream message to the query cache: the change goes into every cached active-trucks list
 * (each with its own params) and the truck's own entry; `reset` invalidates them all.
 */
export function applyTruckStreamMessage(queryClient: QueryClient, message: TruckStreamMessage, options: ApplyOptions = {}): void {
  if (message.type === 'reset') {
    void queryClient.invalidateQueries({ queryKey: queryKeys.activeTrucks });
    void queryClient.invalidateQueries({ queryKey: queryKeys.trucks });
    return;
  }
  const lists = queryClient.getQueriesData<TruckSummary[]>({ queryKey: queryKeys.activeTrucks });
  for (const [key, data] of lists) {
    if (!Array.isArray(data)) continue;
    const params = paramsOf(key);
    queryClient.setQueryData<TruckSummary[]>(key, applyTruckEvent(data, message, params, options));
  }
  const detailKey = queryKeys.truck(message.truck.id);
  if (message.type === 'removed') queryClient.removeQueries({ queryKey: detailKey, exact: true });
  else if (message.type === 'rated') {
    const rating = message.truck.rating;
    queryClient.setQueryData<TruckSummary>(detailKey, (truck) => (truck ? { ...truck, rating } : truck));
  } else if (queryClient.getQueryData(detailKey)) queryClient.setQueryData(detailKey, message.truck);
  // A menu change (an item sold out, its labels) publishes the truck's 'updated': a menu on screen
  // refetches at once (issue 28: sold out shows within a second); menus not on screen only go stale.
  if (message.type === 'updated') void queryClient.invalidateQueries({ queryKey: queryKeys.menu(message.truck.id), exact: true });
  // Opening, closing and a pause (published as 'updated') change whether the truck takes orders
  // (issue 30): an ordering panel on screen asks again, so no surface keeps offering "Order ahead".
  if (message.type === 'opened' || message.type === 'closed' || message.type === 'updated') {
    void queryClient.invalidateQueries({ queryKey: queryKeys.truckOrdering(message.truck.id), exact: true });
  }
}
