import { Glyph } from '@client/components/ui/glyph';
import { truckStatusLine, type StatusTruck } from '@shared/utils/truck-status-line';
import { usualHoursLine } from '@shared/utils/usual-hours';
import { cn } from '@client/lib/utils';
import { useUpcomingStops } from '../api/upcoming-stops';
import { useNow } from '@client/lib/use-now';

/**
 * A truck's status line (cards, popups, favourites, the truck page): its live state first, then its
 * schedule — 'Open now until 14:00', 'Scheduled until 14:00 — not open yet', 'Next: Tue 11:00–14:00
 * at …' (shared/utils/truck-status-line.ts, the one rule). Re-read every 30 s; nothing while the
 * schedules are loading or failed to load.
 */
export function TruckStatusLine({
  truck,
  className,
}: {
  truck: StatusTruck & { id: number; listing?: unknown };
  className?: string;
}) {
  const upcoming = useUpcomingStops();
  const now = useNow();
  if (!upcoming.data) return null;
  // An unclaimed listing is never live: its line says when it is usually there (issue 26).
  const line = truck.listing
    ? usualHoursLine(upcoming.data.usualHours.get(truck.id) ?? [])
    : truckStatusLine(truck, upcoming.data.stops.get(truck.id) ?? [], now);
  return <ScheduleLabel text={line} className={className} />;
}

/** A card's schedule line with its calendar glyph: the status line's, and the look-ahead's hours at a stop. */
export function ScheduleLabel({ text, className }: { text: string; className?: string | undefined }) {
  return (
    <p className={cn('flex items-start gap-1 text-sm text-gray-700', className)} data-testid="schedule-label">
      <Glyph name="calendar-clock" className="mt-0.5 h-3.5 w-3.5" />
      <span className="min-w-0 wrap-anywhere">{text}</span>
    </p>
  );
}
