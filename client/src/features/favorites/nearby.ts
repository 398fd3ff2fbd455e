import type { TruckSummary } from '@shared/contracts';
import { haversineKm } from '@shared/utils/geo';
import { hasCoordinates } from '@client/entities/truck/truck-format';

/** Spec section 9: a favourite within 2 km (great circle, R = 6371 km) that is open raises an alert. */
export const NEARBY_RADIUS_KM = 2;
/** Spec section 9: the alert toast stays 8 s. */
export const NEARBY_TOAST_MS = 8000;

export interface NearbyTruck {
  truck: TruckSummary;
  km: number;
}

/** The open favourites with coordinates within NEARBY_RADIUS_KM of `at`. */
export function nearbyFavorites(favorites: readonly TruckSummary[], at: { lat: number; lng: number }): NearbyTruck[] {
  const near: NearbyTruck[] = [];
  for (const truck of favorites) {
    if (!truck.isOpen || !hasCoordinates(truck)) continue;
    const km = haversineKm(at, { lat: truck.latitude, lng: truck.longitude });
    if (km <= NEARBY_RADIUS_KM) near.push({ truck, km });
  }
  return near;
}

/**
 * Which trucks to alert now, given the ones already alerted: each nearby truck once; a favourite
 * leaves `alerted` when it is no longer nearby (it closed, or the customer went more than 2 km
 * away), so it alerts again when it reopens or the customer comes back. A truck marked but not (yet)
 * among `favoriteIds` keeps its mark: a heart just tapped (markAlerted) is in no list read before
 * its request is answered, and a position or a list arriving meanwhile must not clear its mark
 * (that raised the alert over "Added to Favorites" on a slow phone). Returns the new alerts and set.
 */
export function nextAlerts(
  near: readonly NearbyTruck[],
  alerted: ReadonlySet<number>,
  favoriteIds: ReadonlySet<number>,
): { alerts: NearbyTruck[]; alerted: Set<number> } {
  const kept = new Set([...near.map((n) => n.truck.id), ...[...alerted].filter((id) => !favoriteIds.has(id))]);
  return { alerts: near.filter((n) => !alerted.has(n.truck.id)), alerted: kept };
}

/** Where the alerted trucks are remembered for the tab's session, so a reload does not alert again. */
export const ALERTED_STORAGE_KEY = 'nearbyAlertedTrucks';

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The trucks this tab already alerted (a reload keeps them; a new tab starts afresh). */
export function loadAlerted(store: Pick<Storage, 'getItem'> | undefined = sessionStore()): Set<number> {
  try {
    const ids: unknown = JSON.parse(store?.getItem(ALERTED_STORAGE_KEY) ?? '[]');
    return new Set(Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id)) : []);
  } catch {
    return new Set();
  }
}

export function saveAlerted(ids: ReadonlySet<number>, store: Pick<Storage, 'setItem'> | undefined = sessionStore()): void {
  try {
    store?.setItem(ALERTED_STORAGE_KEY, JSON.stringify([...ids]));
  } catch {
    /* storage full or disabled: the set lives in memory only */
  }
}

/**
 * A truck favourited while the diner looks at it is no news: counted as alerted, so the "Added to
 * Favorites" toast stays up and no notification follows it at once. It alerts as any favourite does
 * once it has left the set (it closed, or the diner went away) and comes back.
 */
export function markAlerted(id: number, store: Pick<Storage, 'getItem' | 'setItem'> | undefined = sessionStore()): void {
  const ids = loadAlerted(store);
  ids.add(id);
  saveAlerted(ids, store);
}
