/**
 * The diners' map on top of the shared Leaflet setup (`lib/leaflet.ts`, which makes Leaflet global
 * before Leaflet.markercluster loads: import this module first), with the cluster styles and the
 * open and closed truck markers.
 */
import L from 'leaflet';
import { MARKER_ICON, OSM_TILES } from '@client/lib/leaflet';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import './truck-map.css';

export { OSM_TILES };

export const openTruckIcon = L.icon({ ...MARKER_ICON, className: 'truck-marker truck-marker-open' });
export const closedTruckIcon = L.icon({ ...MARKER_ICON, className: 'truck-marker truck-marker-closed' });
