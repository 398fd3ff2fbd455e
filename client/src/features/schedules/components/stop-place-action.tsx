import type { FoodTruck } from '@shared/contracts';
import { Button } from '@client/components/ui/button';
import { toast, toastError } from '@client/lib/toast';
import { useNow } from '@client/lib/use-now';
import { useStopUnderWay } from '../api/schedule-stops';
import { useTakeStopPlace } from '../api/take-stop-place';
import { formatClock, formatClockRange } from '@shared/utils/format';
import { Glyph } from '@client/components/ui/glyph';

type TruckPlace = Pick<FoodTruck, 'id' | 'isOpen' | 'latitude' | 'longitude' | 'address'>;

/**
 * "Use this stop's place" on the operator dashboard (ADR 0100): while one of the truck's scheduled
 * stops is under way, one tap puts the truck at the stop's coordinates and address — or, for a
 * closed truck, opens it there. The server checks again that the stop is under way. Nothing when
 * no stop runs now; a short note when the open truck is already there.
 */
export function StopPlaceAction({ truck }: { truck: TruckPlace }) {
  const { data: stop } = useStopUnderWay(truck.id);
  const take = useTakeStopPlace(truck.id);
  const now = useNow();
  if (!stop || Date.parse(stop.end) <= now.getTime()) return null;

  const atStop =
    truck.latitude === stop.latitude && truck.longitude === stop.longitude && truck.address === stop.address;
  if (truck.isOpen && atStop) {
    return (
      <p className="flex items-start gap-2 text-xs text-gray-700" data-testid="stop-place">
        <Glyph name="calendar-check" className="mt-0.5 h-3.5 w-3.5 shrink-0 text-green-700" />
        <span className="min-w-0 wrap-anywhere">
          At your scheduled stop, {stop.address}, until {formatClock(stop.endTime)}.
        </span>
      </p>
    );
  }

  const label = truck.isOpen ? "Use this stop's place" : 'Open at this stop';
  function takePlace() {
    if (!stop) return;
    take.mutate(
      { stopId: stop.stopId, ...(truck.isOpen ? {} : { open: true }) },
      {
        onSuccess: () => toast({ title: truck.isOpen ? 'Location updated' : 'Open for business', description: `At ${stop.address}` }),
        onError: (err) => toastError("Could not use the stop's place", err, 'Please try again.'),
      },
    );
  }

  return (
    <div className="grid gap-2 rounded-md border border-brand-100 bg-brand-50 p-3 text-sm" data-testid="stop-place">
      <p className="flex items-start gap-2 text-gray-800">
        <Glyph name="map-pinned" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
        <span className="min-w-0 wrap-anywhere">
          Scheduled now: {formatClockRange(stop.startTime, stop.endTime)} at <strong>{stop.address}</strong>
        </span>
      </p>
      <Button variant="outline" onClick={takePlace} disabled={take.isPending}>
        <Glyph name="map-pinned" /> {label}
      </Button>
    </div>
  );
}
