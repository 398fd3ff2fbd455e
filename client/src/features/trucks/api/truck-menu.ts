import type { MenuItem } from '@shared/contracts';
import { useQuery } from '@tanstack/react-query';

/** GET /api/food-trucks/:id/menu, always refetched (spec section 9). Uses the default query function. */
export function useTruckMenu(truckId: number, enabled: boolean) {
  return useQuery<MenuItem[]>({
    queryKey: ['/api/food-trucks', truckId, 'menu'],
    enabled,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
