import type { MenuItem } from '@shared/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const menuKey = (truckId: number) => ['/api/food-trucks', truckId, 'menu'] as const;

/** GET /api/food-trucks/:id/menu — always refetched (spec section 9). */
export const menuQuery = (truckId: number) =>
  queryOptions<MenuItem[]>({ queryKey: menuKey(truckId), staleTime: 0, refetchOnMount: 'always' });

export function useMenu(truckId: number, enabled = true) {
  return useQuery({ ...menuQuery(truckId), enabled });
}
