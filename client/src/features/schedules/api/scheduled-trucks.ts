import type { ScheduledTruck } from '@shared/contracts/schedules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { queryKeys, type ActiveTrucksParams } from '@client/lib/query-keys';

export function scheduledTrucksUrl(at: Date, params?: ActiveTrucksParams): string {
  const search = new URLSearchParams({ at: at.toISOString() });
  if (params) {
    search.set('lat', String(params.lat));
    search.set('lng', String(params.lng));
    if (params.radiusMiles !== undefined) search.set('radiusMiles', String(params.radiusMiles));
  }
  return `/api/food-trucks/scheduled?${search.toString()}`;
}

/** GET /api/food-trucks/scheduled — where trucks will be at `at` (disabled while `at` is null: "Now"). */
export function scheduledTrucksQuery(at: Date | null, params?: ActiveTrucksParams) {
  const iso = at?.toISOString() ?? '';
  return queryOptions({
    queryKey: queryKeys.scheduledTrucks(iso, params),
    queryFn: () => apiJson<ScheduledTruck[]>('GET', scheduledTrucksUrl(new Date(iso), params)),
    enabled: at !== null,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useScheduledTrucks(at: Date | null, params?: ActiveTrucksParams) {
  return useQuery(scheduledTrucksQuery(at, params));
}
