import type { TruckSummary } from '@shared/contracts';
import { hasStopToGoTo } from '@shared/utils/truck-status-line';
import { GoingButton } from '@client/features/going/components/going-button';
import { useUpcomingStops } from '@client/features/schedules/api/upcoming-stops';
import { useNow } from '@client/lib/use-now';

/**
 * "I'm going" where there is something to go to (issue 31): the going button, offered when the
 * truck is open where it stands or has a stop under way or to come (the schedules' upcoming stops,
 * the query every status line reads). While the stops load, a closed truck's button waits; if they
 * failed to load, the server decides and a refusal is a polite note. Used by the cards, the map
 * popup and the truck's page.
 */
export function TruckGoingButton({
  truck,
  size,
}: {
  truck: Pick<TruckSummary, 'id' | 'name' | 'operatorId' | 'isOpen' | 'latitude' | 'longitude'>;
  size?: 'sm' | 'md';
}) {
  const upcoming = useUpcomingStops();
  const now = useNow();
  const offered = upcoming.isError || hasStopToGoTo(truck, upcoming.data?.stops.get(truck.id) ?? [], now);
  return <GoingButton truck={truck} size={size} offered={offered} onNoStop={() => void upcoming.refetch()} />;
}
