import './leaflet-setup';
import { MapContainer, Marker, TileLayer } from 'react-leaflet';
import { closedTruckIcon, openTruckIcon, OSM_TILES } from './leaflet-setup';
import { Skeleton } from '@client/components/ui/skeleton';
import { useStagesDue } from './use-stages-due';

/** Close enough to see the streets around the truck. */
const SPOT_ZOOM = 15;

/** One truck's place on a small map (share page); loaded on demand with Leaflet. */
export default function TruckSpotMap({
  latitude,
  longitude,
  isOpen,
  name,
}: {
  latitude: number;
  longitude: number;
  isOpen: boolean;
  name: string;
}) {
  // The map a frame after its chunk has arrived, its tiles and marker a frame later (use-stages-due.ts).
  const stagesDue = useStagesDue(2);
  if (stagesDue < 1) return <Skeleton still className="h-56 w-full" />;
  const layersDue = stagesDue >= 2;
  return (
    <MapContainer
      center={[latitude, longitude]}
      zoom={SPOT_ZOOM}
      scrollWheelZoom={false}
      // Its own stacking context (as /find-trucks' map has): Leaflet's panes and controls (z-index
      // 400-1000) would otherwise draw over the sticky navbar as the page scrolls beneath it.
      className="isolate h-56 w-full rounded-xl border border-gray-200"
      aria-label={`Map of where ${name} is`}
    >
      {layersDue && (
        <>
          <TileLayer {...OSM_TILES} />
          <Marker
            position={[latitude, longitude]}
            icon={isOpen ? openTruckIcon : closedTruckIcon}
            title={name}
            alt={`${name} (${isOpen ? 'open' : 'closed'})`}
          />
        </>
      )}
    </MapContainer>
  );
}
