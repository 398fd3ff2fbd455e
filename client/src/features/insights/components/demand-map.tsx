import type { DemandGrid } from '@shared/contracts';
import { formatCount } from '@shared/utils/format';
import { OSM_TILES } from '@client/lib/leaflet';
import type L from 'leaflet';
import { useMemo } from 'react';
import { MapContainer, Rectangle, TileLayer, Tooltip } from 'react-leaflet';

/**
 * The demand cells on a map (issue 31; a lazy chunk with Leaflet, loaded only when asked for): each
 * ~500 m cell a rectangle, darker the more diners. Cells, never positions. The table below it has
 * the same numbers, for screen readers.
 */
export default function DemandMap({ cells }: { cells: DemandGrid['cells'] }) {
  const bounds = useMemo<L.LatLngBoundsExpression>(
    () => [
      [Math.min(...cells.map((c) => c.south)), Math.min(...cells.map((c) => c.west))],
      [Math.max(...cells.map((c) => c.north)), Math.max(...cells.map((c) => c.east))],
    ],
    [cells],
  );
  const most = Math.max(...cells.map((c) => c.diners));
  return (
    <div role="region" aria-label="Map of the areas in the table below" className="h-64 overflow-hidden rounded-lg border border-gray-200" data-testid="demand-map">
      <MapContainer bounds={bounds} boundsOptions={{ padding: [24, 24] }} scrollWheelZoom={false} className="h-full w-full">
        <TileLayer {...OSM_TILES} />
        {cells.map((c) => (
          <Rectangle
            key={`${c.south},${c.west}`}
            bounds={[
              [c.south, c.west],
              [c.north, c.east],
            ]}
            pathOptions={{ color: '#c2410c', weight: 1, fillOpacity: 0.15 + 0.55 * (c.diners / most) }}
          >
            <Tooltip>{formatCount(c.diners)} diners</Tooltip>
          </Rectangle>
        ))}
      </MapContainer>
    </div>
  );
}
