import { formatClockRange, formatDay } from '@shared/utils/format';
import { nearDayOf } from '@shared/utils/truck-status-line';
import { Skeleton } from '@client/components/ui/skeleton';
import { useNow } from '@client/lib/use-now';
import { useTruckSchedule } from '../api/truck-schedule';

/** How many stops the share page lists. */
const SHOWN = 6;

/**
 * A truck's next stops (at most 6, over the next four weeks), in its own hours: 'Tue, Nov 24 · 11:00 AM–2:00 PM at 6th &
 * Congress'; 'Today' and 'Tomorrow' by the truck's own calendar, as its status line says them.
 */
export function NextStops({ truckId }: { truckId: number }) {
  const schedule = useTruckSchedule(truckId);
  const now = useNow();
  if (schedule.isPending) return <Skeleton className="h-12 w-full" />;
  const stops = schedule.data?.occurrences.slice(0, SHOWN) ?? [];
  if (stops.length === 0) return <p className="text-sm text-gray-700">No upcoming stops</p>;
  return (
    <ul className="divide-y divide-gray-100 text-sm" aria-label="Next stops">
      {stops.map((stop) => (
        <li key={`${stop.stopId}-${stop.localDate}`} className="flex flex-wrap gap-x-2 py-1.5">
          <span className="font-medium">
            {nearDayOf(stop, now) ?? formatDay(stop.localDate)} · {formatClockRange(stop.startTime, stop.endTime)}
          </span>
          <span className="min-w-0 wrap-anywhere text-gray-700">at {stop.address}</span>
        </li>
      ))}
    </ul>
  );
}
