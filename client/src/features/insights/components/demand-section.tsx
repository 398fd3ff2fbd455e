import { DEMAND_MIN_DINERS, type InsightPeriod } from '@shared/contracts/insight-limits';
import { formatCount } from '@shared/utils/format';
import MapPinned from 'lucide-react/icons/map-pinned';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { errorMessage } from '@client/lib/api-client';
import { useDemandGrid } from '../api/truck-insights';
import { PeriodPicker } from './period-picker';

// Leaflet loads only when the operator asks for the map (the dashboard's own chunk stays small).
const DemandMap = lazy(() => import('./demand-map'));

const osmLink = (lat: number, lng: number) =>
  `https://www.openstreetmap.org/?mlat=${lat.toFixed(4)}&mlon=${lng.toFixed(4)}#map=16/${lat.toFixed(4)}/${lng.toFixed(4)}`;

/**
 * Where the hungry people are (issue 31): ~500 m cells near the operator's usual places where at
 * least 10 different diners looked for food in the period, busiest first. Never a diner's position
 * or identity; the operator's own searches are not counted.
 */
export function DemandSection({ operatorId }: { operatorId: number }) {
  const [days, setDays] = useState<InsightPeriod>(30);
  const [open, setOpen] = useState(false);
  const [showMap, setShowMap] = useState(false);
  const grid = useDemandGrid(operatorId, days);
  const cells = grid.data?.cells ?? [];
  return (
    <Card className="grid gap-3 p-4" data-testid="demand-section">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <MapPinned className="h-5 w-5 text-brand-700" aria-hidden /> Where diners look for food
        </h2>
        <PeriodPicker days={days} onChange={setDays} />
      </div>
      <p className="text-sm text-gray-700">
        Areas of about 500 m near your trucks and stops where at least {DEMAND_MIN_DINERS} different diners
        searched. No single diner is ever shown.
      </p>
      {grid.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : grid.isError ? (
        <p role="alert" className="text-red-800">
          {errorMessage(grid.error, 'Could not load where diners look.')}
        </p>
      ) : cells.length === 0 ? (
        <p className="text-sm text-gray-700">
          Not enough diners searched near your places in these {days} days yet.
        </p>
      ) : (
        <>
          <Button
            type="button"
            size="sm"
            variant="outline"
            aria-expanded={showMap}
            onClick={() => setShowMap((m) => !m)}
            className="justify-self-start"
          >
            {showMap ? 'Hide map' : 'Show on a map'}
          </Button>
          {showMap && (
            <Suspense fallback={<Skeleton className="h-64 w-full" />}>
              <DemandMap cells={cells} />
            </Suspense>
          )}
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Diners per area, busiest first</caption>
            <thead>
              <tr>
                <th scope="col">Area (centre)</th>
                <th scope="col" className="text-right">
                  Diners
                </th>
              </tr>
            </thead>
            <tbody>
              {(open ? cells : cells.slice(0, 10)).map((c) => (
                <tr key={`${c.south},${c.west}`}>
                  <td>
                    <a
                      className="underline"
                      href={osmLink(c.latitude, c.longitude)}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {c.latitude.toFixed(3)}, {c.longitude.toFixed(3)}
                      <span className="sr-only"> (opens a map in a new tab)</span>
                    </a>
                  </td>
                  <td className="text-right font-semibold">{formatCount(c.diners)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {cells.length > 10 && (
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={() => setOpen((o) => !o)}
          className="justify-self-start"
        >
          {open ? 'Show fewer' : `Show all ${cells.length}`}
        </Button>
      )}
    </Card>
  );
}
