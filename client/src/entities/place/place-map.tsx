import { OSM_TILES } from '@client/lib/leaflet';
import type L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { Button } from '@client/components/ui/button';
import type { Point } from './place-api';

/** With no place yet: the middle of the contiguous US (spec section 9's default centre), zoomed out. */
const NO_PLACE_CENTER: L.LatLngTuple = [39.83, -98.58];
const NO_PLACE_ZOOM = 4;
/** A place to pick on: close enough to see the street. */
const PLACE_ZOOM = 16;

export interface PlaceMapProps {
  /** The pin; null: none yet. */
  pin: Point | null;
  /** Where to look with no pin (the truck's position, the last stop), else the country. */
  fallbackCenter?: Point | null | undefined;
  /** The operator tapped or clicked the map, dragged the pin, or placed it at the centre. */
  onPick(point: Point): void;
  /** The map's accessible name. */
  label: string;
}

const rounded = (n: number) => Number(n.toFixed(6));
const pointOf = (ll: L.LatLng): Point => ({ latitude: rounded(ll.lat), longitude: rounded(ll.lng) });

/** Clicks and taps on the map place the pin. */
function PickOnClick({ onPick }: { onPick(point: Point): void }) {
  useMapEvents({ click: (event) => onPick(pointOf(event.latlng)) });
  return null;
}

/** Follows a pin set from outside (a search result, typed coordinates, the device's position). */
function FollowPin({ pin }: { pin: Point | null }) {
  const map = useMap();
  const lat = pin?.latitude;
  const lng = pin?.longitude;
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    const inView = map.getBounds().pad(-0.1).contains([lat, lng]);
    if (!inView) map.setView([lat, lng], Math.max(map.getZoom(), PLACE_ZOOM));
  }, [map, lat, lng]);
  return null;
}

/**
 * The map's name for assistive technology: react-leaflet passes only id, class and style to its
 * container, which Leaflet makes a keyboard stop (arrows pan, +/- zoom), so it is named here.
 */
function NameMap({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'application');
    container.setAttribute('aria-roledescription', 'map');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}

/** "Put the pin here" for keyboard users: the map pans with the arrow keys, this drops the pin at its centre. */
function PinAtCentre({ onPick, mapRef }: { onPick(point: Point): void; mapRef: { current: L.Map | null } }) {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => {
        const map = mapRef.current;
        if (map) onPick(pointOf(map.getCenter()));
      }}
    >
      Put the pin at the map's centre
    </Button>
  );
}

/**
 * The place picker's map (ADR 0151), loaded on demand with Leaflet so no diner screen carries it:
 * tap or click to put the pin, drag it to move it; with the keyboard, pan with the arrow keys and
 * put the pin at the centre with the button under the map.
 */
export default function PlaceMap({ pin, fallbackCenter, onPick, label }: PlaceMapProps) {
  const mapRef = useRef<L.Map | null>(null);
  const start = pin ?? fallbackCenter ?? null;
  const handlers = useMemo(
    () => ({
      dragend: (event: L.DragEndEvent) => onPick(pointOf((event.target as L.Marker).getLatLng())),
    }),
    [onPick],
  );
  return (
    <div className="grid gap-2" data-testid="place-map">
      <MapContainer
        ref={mapRef}
        center={start ? [start.latitude, start.longitude] : NO_PLACE_CENTER}
        zoom={start ? PLACE_ZOOM : NO_PLACE_ZOOM}
        scrollWheelZoom={false}
        className="h-52 w-full rounded-lg border border-gray-300"
      >
        <TileLayer {...OSM_TILES} />
        <NameMap label={label} />
        <PickOnClick onPick={onPick} />
        <FollowPin pin={pin} />
        {pin && (
          <Marker
            position={[pin.latitude, pin.longitude]}
            draggable
            eventHandlers={handlers}
            alt="The picked place: drag to move it"
            title="The picked place"
          />
        )}
      </MapContainer>
      <PinAtCentre onPick={onPick} mapRef={mapRef} />
    </div>
  );
}
