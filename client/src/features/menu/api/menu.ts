import type { MenuItem } from '@shared/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@client/lib/query-keys';

/**
 * GET /api/food-trucks/:id/menu — always refetched (spec section 9). The one menu query of the
 * client: the diners' menu dialog and menu management both use it.
 */
export function menuQuery(truckId: number) {
  return queryOptions<MenuItem[]>({ queryKey: queryKeys.menu(truckId), staleTime: 0, refetchOnMount: 'always' });
}

export function useMenu(truckId: number, enabled = true) {
  return useQuery({ ...menuQuery(truckId), enabled });
}
