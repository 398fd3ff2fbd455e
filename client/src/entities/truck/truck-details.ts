import type { FoodTruck } from '@shared/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/**
 * GET /api/food-trucks/:id: the whole truck (the owner always sees their own). Diners' lists hold
 * summaries (ADR 0120); a card's About, a popup's description and a menu's documents come from here,
 * fetched when shown and kept live by the event stream (applyTruckStreamMessage).
 */
export const truckQuery = (truckId: number) =>
  queryOptions<FoodTruck>({ queryKey: queryKeys.truck(truckId), staleTime: 0 });

export function useTruck(truckId: number, enabled = true) {
  return useQuery({ ...truckQuery(truckId), enabled });
}

/** A missing truck (or one that is not the caller's): the screens' not-found state. */
export const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 403);
