import { CalendarClock } from 'lucide-react';
import { cn } from '@client/lib/utils';
import { useUpcomingStops } from '../api/upcoming-stops';
import { useNow } from '@client/lib/use-now';
import { describeUpcoming } from '../schedule-label';

/**
 * 'Open now until 14:00', 'Next: Tue 11:00–14:00 at 6th & Congress' or 'No upcoming stops' for a
 * truck (cards, popups, favourites). Nothing while the schedules are loading or failed to load.
 */
export function UpcomingStopLabel({ truckId, className }: { truckId: number; className?: string }) {
  const upcoming = useUpcomingStops();
  const now = useNow();
  if (!upcoming.data) return null;
  return (
    <p className={cn('flex items-start gap-1 text-sm text-gray-700', className)} data-testid="schedule-label">
      <CalendarClock className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
      <span className="min-w-0 break-words">{describeUpcoming(upcoming.data.get(truckId), now)}</span>
    </p>
  );
}
