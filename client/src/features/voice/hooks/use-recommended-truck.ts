import type { TruckSummary } from '@shared/contracts';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@client/lib/toast';
import { completeTruckFocus, useTruckFocusRequest } from '@client/entities/truck/truck-focus';

export interface TruckFocus {
  id: number;
  /** Changes with every request, so the same truck can be centred again. */
  key: number;
}

export interface RecommendedTruckOptions {
  /** The trucks the page has, once loaded (undefined while loading). */
  trucks: readonly TruckSummary[] | undefined;
  /** Whether the page's search text lets this truck through. */
  matchesSearch: (truck: TruckSummary) => boolean;
  clearSearch: () => void;
  /** Fetches every active truck again (no radius) and shows them all. */
  refresh: () => Promise<readonly TruckSummary[]>;
}

const hasCoordinates = (truck: TruckSummary) => truck.latitude !== null && truck.longitude !== null;

/**
 * /find-trucks' side of a voice recommendation (spec sections 2 and 8): centre the map on the
 * truck at zoom 17, clearing the search if it hid the truck; refetch when the truck is missing;
 * say so when it has no location. Returns the truck the map should centre on.
 */
export function useRecommendedTruck({
  trucks,
  matchesSearch,
  clearSearch,
  refresh,
}: RecommendedTruckOptions) {
  const request = useTruckFocusRequest();
  const [focus, setFocus] = useState<TruckFocus | null>(null);
  const handled = useRef<number | null>(null);
  const latest = useRef({ matchesSearch, clearSearch, refresh });
  useEffect(() => {
    latest.current = { matchesSearch, clearSearch, refresh };
  });

  useEffect(() => {
    if (!request || !trucks || handled.current === request.key) return;
    handled.current = request.key;
    const { key, ids } = request;
    const pick = (list: readonly TruckSummary[]) => ids.map((id) => list.find((t) => t.id === id)).find(Boolean);

    const centre = (truck: TruckSummary, refreshed: boolean) => {
      completeTruckFocus(key);
      if (!hasCoordinates(truck)) {
        toast({
          variant: 'destructive',
          title: 'Location Unavailable',
          description: `${truck.name} doesn't have location data available for map centering.`,
        });
        return;
      }
      const hidden = !latest.current.matchesSearch(truck);
      if (hidden) latest.current.clearSearch();
      setFocus({ id: truck.id, key });
      toast({
        title: refreshed ? 'Data Refreshed' : hidden ? 'Map Updated & Search Cleared' : 'Map Updated',
        description: `Centered map on ${truck.name}`,
      });
    };

    const found = pick(trucks);
    if (found) return centre(found, false);
    toast({
      title: 'Truck Not Found',
      description: "The recommended truck wasn't found in current data. Refreshing...",
    });
    latest.current
      .refresh()
      .then((fresh) => {
        const truck = pick(fresh);
        if (truck) return centre(truck, true);
        completeTruckFocus(key);
        toast(
          ids.length > 1
            ? {
                variant: 'destructive',
                title: 'Trucks Not Found',
                description: 'The recommended trucks are not currently available.',
              }
            : {
                variant: 'destructive',
                title: 'Truck Not Found',
                description: 'The recommended truck is not available or not currently active.',
              },
        );
      })
      .catch(() => {
        completeTruckFocus(key);
        toast({
          variant: 'destructive',
          title: 'Refresh Failed',
          description: 'Could not refresh truck data. Please try again later.',
        });
      });
  }, [request, trucks]);

  return focus;
}
