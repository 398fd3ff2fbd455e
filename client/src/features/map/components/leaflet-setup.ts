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

const icon = (className: string) => L.icon({ ...MARKER_ICON, className: `truck-marker ${className}` });
const ICONS = {
  open: icon('truck-marker-open'),
  closed: icon('truck-marker-closed'),
  // Nothing on its menu suits the signed-in customer's saved needs (issue 28): dimmed, never hidden.
  openConflict: icon('truck-marker-open truck-marker-diet-conflict'),
  closedConflict: icon('truck-marker-closed truck-marker-diet-conflict'),
};

export const openTruckIcon = ICONS.open;
export const closedTruckIcon = ICONS.closed;

/** A truck's marker icon: open or closed, dimmed when nothing on its menu suits the customer. */
export function truckIcon(isOpen: boolean, dietConflict: boolean): L.Icon {
  if (dietConflict) return isOpen ? ICONS.openConflict : ICONS.closedConflict;
  return isOpen ? ICONS.open : ICONS.closed;
}
