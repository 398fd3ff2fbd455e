/**
 * Leaflet with its plugins, set up once for the map chunk. Leaflet.markercluster is a UMD script that
 * extends the global `L`, so Leaflet must be global before it loads: import this module first.
 * Marker images are bundled by Vite (no CDN): Leaflet's default icon path detection breaks under bundlers.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import './truck-map.css';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';

(globalThis as { L?: typeof L }).L = L;

const base = {
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41] as L.PointTuple,
  iconAnchor: [12, 41] as L.PointTuple,
  popupAnchor: [1, -34] as L.PointTuple,
  tooltipAnchor: [16, -28] as L.PointTuple,
  shadowSize: [41, 41] as L.PointTuple,
};

L.Icon.Default.mergeOptions(base);

export const openTruckIcon = L.icon({ ...base, className: 'truck-marker truck-marker-open' });
export const closedTruckIcon = L.icon({ ...base, className: 'truck-marker truck-marker-closed' });

/** OpenStreetMap's raster tiles (the CSP allows MAP_TILE_ORIGIN) with the attribution their policy asks for. */
export const OSM_TILES = {
  url: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};
