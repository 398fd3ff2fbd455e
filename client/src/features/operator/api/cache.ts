import type { QueryClient } from '@tanstack/react-query';

/** Query keys of truck data (the default query function joins them into the URL). */
export const truckKeys = {
  /** Prefix of every operator list (spec: cached key '/api/operators'). */
  operators: ['/api/operators'] as const,
  operatorTrucks: (operatorId: number) => ['/api/operators', operatorId, 'food-trucks'] as const,
  truck: (truckId: number) => ['/api/food-trucks', truckId] as const,
  active: ['/api/food-trucks/active'] as const,
};

/** After any truck change: every cached truck list and truck is refetched (ADR 0050). */
export async function invalidateTruckCaches(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: truckKeys.operators }),
    queryClient.invalidateQueries({ queryKey: ['/api/food-trucks'] }),
    queryClient.invalidateQueries({ queryKey: truckKeys.active }),
  ]);
}
