import { formatClockRange, formatDay } from '@shared/utils/format';
import { nearDayOf, underWayNote, type StatusTruck } from '@shared/utils/truck-status-line';
import { Skeleton } from '@client/components/ui/skeleton';
import { useNow } from '@client/lib/use-now';
import { NO_STOPS_AHEAD, useTruckSchedule } from '../api/truck-schedule';

/** How many stops the share page lists. */
const SHOWN = 6;

/**
 * A truck's next stops (at most 6, over the next four weeks), in its own hours: 'Tue, Nov 24 · 11:00 AM–2:00 PM at 6th &
 * Congress'; 'Today' and 'Tomorrow' by the truck's own calendar, as its status line says them. A stop
 * under way says how the truck stands against it ('Here now', 'Open elsewhere now', 'Not open yet'):
 * beside "Open now" for a truck away from it, the list alone read as if the truck were there.
 */
export function NextStops({ truckId, truck }: { truckId: number; truck: StatusTruck }) {
  const schedule = useTruckSchedule(truckId);
  const now = useNow();
  if (schedule.isPending) return <Skeleton className="h-12 w-full" />;
  const stops = schedule.data?.occurrences.slice(0, SHOWN) ?? [];
  if (stops.length === 0) return <p className="text-sm text-gray-700">{NO_STOPS_AHEAD}</p>;
  return (
    <ul className="divide-y divide-gray-100 text-sm" aria-label="Next stops">
      {stops.map((stop) => {
        const note = underWayNote(truck, stop, now);
        return (
          <li key={`${stop.stopId}-${stop.localDate}`} className="flex flex-wrap gap-x-2 py-1.5">
            <span className="font-medium">
              {nearDayOf(stop, now) ?? formatDay(stop.localDate)} · {formatClockRange(stop.startTime, stop.endTime)}
            </span>
            <span className="min-w-0 wrap-anywhere text-gray-700">at {stop.address}</span>
            {note && <span className={note === 'Here now' ? 'font-medium text-green-800' : 'text-gray-700'}>· {note}</span>}
          </li>
        );
      })}
    </ul>
  );
}
