import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { requestTruckFocus } from '@client/entities/truck/truck-focus';

export const FIND_TRUCKS_PATH = '/find-trucks';

/**
 * What choosing a voice recommendation does, wherever the assistant was asked (the card on
 * /find-trucks or the navbar's popover, spec sections 2 and 8): ask /find-trucks to centre its map
 * on the trucks (best first) — the page does it at zoom 17, clearing a search that hid the truck,
 * with 'Centered map on {name}' — and go there if this is another page. `onShown` runs after
 * (the popover and the mobile menu close, so the map is in sight).
 */
export function useShowRecommendation(onShown?: () => void): (truckIds: number[]) => void {
  const [location, navigate] = useLocation();
  return useCallback(
    (truckIds: number[]) => {
      requestTruckFocus(truckIds);
      if (location !== FIND_TRUCKS_PATH) navigate(FIND_TRUCKS_PATH);
      onShown?.();
    },
    [location, navigate, onShown],
  );
}
