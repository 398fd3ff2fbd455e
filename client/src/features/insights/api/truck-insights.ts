import type { DemandGrid, InsightPeriod, TruckInsights } from '@shared/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson, apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useFirstScreenPainted } from '@client/lib/hydration';

/** GET /api/food-trucks/:id/insights?days=: every series per day (the truck's operator). */
export function truckInsightsQuery(truckId: number, days: InsightPeriod) {
  return queryOptions({
    queryKey: queryKeys.truckInsights(truckId, days),
    queryFn: () => apiJson<TruckInsights>('GET', `/api/food-trucks/${truckId}/insights?days=${days}`),
    staleTime: 60_000,
  });
}

export function useTruckInsights(truckId: number, days: InsightPeriod) {
  return useQuery(truckInsightsQuery(truckId, days));
}

/** GET /api/operators/:operatorId/insights/demand?days=: the demand grid. */
export function demandGridQuery(operatorId: number, days: InsightPeriod) {
  return queryOptions({
    queryKey: queryKeys.demandGrid(operatorId, days),
    queryFn: () => apiJson<DemandGrid>('GET', `/api/operators/${operatorId}/insights/demand?days=${days}`),
    staleTime: 60_000,
  });
}

export function useDemandGrid(operatorId: number, days: InsightPeriod) {
  // Below the dashboard's first screen: asked for once it has painted (issue 33).
  return useQuery({ ...demandGridQuery(operatorId, days), enabled: useFirstScreenPainted() });
}

/** GET /api/food-trucks/:id/insights.csv: downloaded with the session (a plain link would carry no token). */
export async function downloadInsightsCsv(truckId: number, days: InsightPeriod): Promise<void> {
  const res = await apiRequest('GET', `/api/food-trucks/${truckId}/insights.csv?days=${days}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `truck-${truckId}-insights-${days}d.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
