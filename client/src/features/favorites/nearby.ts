import type { FoodTruck } from '@shared/contracts';
import { haversineKm } from '@shared/utils/geo';
import { hasCoordinates } from '@client/lib/truck-format';

/** Spec section 9: a favourite within 2 km (great circle, R = 6371 km) that is open raises an alert. */
export const NEARBY_RADIUS_KM = 2;
/** Spec section 9: the alert toast stays 8 s. */
export const NEARBY_TOAST_MS = 8000;

export interface NearbyTruck {
  truck: FoodTruck;
  km: number;
}

/** The open favourites with coordinates within NEARBY_RADIUS_KM of `at`. */
export function nearbyFavorites(favorites: readonly FoodTruck[], at: { lat: number; lng: number }): NearbyTruck[] {
  const near: NearbyTruck[] = [];
  for (const truck of favorites) {
    if (!truck.isOpen || !hasCoordinates(truck)) continue;
    const km = haversineKm(at, { lat: truck.latitude, lng: truck.longitude });
    if (km <= NEARBY_RADIUS_KM) near.push({ truck, km });
  }
  return near;
}

/**
 * Which trucks to alert now, given the ones already alerted: each nearby truck once; a truck leaves
 * `alerted` when it is no longer nearby (it closed, or the customer went more than 2 km away), so
 * it alerts again when it reopens or the customer comes back. Returns the new alerts and the new set.
 */
export function nextAlerts(
  near: readonly NearbyTruck[],
  alerted: ReadonlySet<number>,
): { alerts: NearbyTruck[]; alerted: Set<number> } {
  const nowNear = new Set(near.map((n) => n.truck.id));
  return { alerts: near.filter((n) => !alerted.has(n.truck.id)), alerted: nowNear };
}
