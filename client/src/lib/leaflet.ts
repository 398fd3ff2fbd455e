/**
 * Leaflet, set up once for every map chunk (the diners' map, a truck's spot, the operators' place
 * picker): Leaflet global (Leaflet.markercluster is a UMD script that extends `L`), its CSS, the
 * bundled marker images (Leaflet's default icon path detection breaks under bundlers; no CDN) and
 * OpenStreetMap's tiles. Import it only from modules that are themselves loaded on demand.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';

(globalThis as { L?: typeof L }).L = L;

export const MARKER_ICON = {
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41] as L.PointTuple,
  iconAnchor: [12, 41] as L.PointTuple,
  popupAnchor: [1, -34] as L.PointTuple,
  tooltipAnchor: [16, -28] as L.PointTuple,
  shadowSize: [41, 41] as L.PointTuple,
};

L.Icon.Default.mergeOptions(MARKER_ICON);

/** OpenStreetMap's raster tiles (the CSP allows MAP_TILE_ORIGIN) with the attribution their policy asks for. */
export const OSM_TILES = {
  url: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};
