import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { watchPosition } from '@client/lib/geolocation';
import { toast } from '@client/lib/toast';
import { loadAlerted, nearbyFavorites, nextAlerts, NEARBY_TOAST_MS, saveAlerted, type NearbyTruck } from '../nearby';
import { formatDistanceKm } from '@shared/utils/format';
import { useLiveFavorites } from './use-live-favorites';

const truckLink = (id: number) => `/find-trucks?truck=${id}`;

/** Asks for notification permission once, while it is undecided. */
async function notificationsAllowed(): Promise<boolean> {
  if (typeof Notification === 'undefined') return false;
  if (Notification.permission === 'default') {
    try {
      await Notification.requestPermission();
    } catch {
      return false;
    }
  }
  return Notification.permission === 'granted';
}

function describe({ truck, km }: NearbyTruck): string {
  return `${truck.name} is open ${formatDistanceKm(km)} from you.`;
}

/**
 * Nearby alerts (spec section 9), for a signed-in customer while the app is open: every favourite
 * that is open, has coordinates and lies within 2 km raises one 8-second toast and, with
 * permission, a browser notification tagged per truck that opens /find-trucks?truck={id}. The
 * favourites come live from the event stream, so a favourite opening nearby alerts at once.
 */
export function useNearbyAlerts(enabled: boolean): void {
  const [, navigate] = useLocation();
  const [position, setPosition] = useState<{ lat: number; lng: number } | null>(null);
  const favorites = useLiveFavorites(enabled).data;
  // Remembered per tab: a reload does not announce the same open truck again, nor one just favourited.
  const alerted = useRef<Set<number> | null>(null);

  useEffect(() => {
    if (!enabled) return;
    return watchPosition('alerts', (c) => setPosition({ lat: c.latitude, lng: c.longitude }));
  }, [enabled]);

  useEffect(() => {
    if (!enabled || !position || !favorites) return;
    // The stored set as well: a heart tapped just now marks its truck there (markAlerted).
    const before = new Set([...(alerted.current ?? []), ...loadAlerted()]);
    const { alerts, alerted: next } = nextAlerts(nearbyFavorites(favorites, position), before, new Set(favorites.map((t) => t.id)));
    alerted.current = next;
    saveAlerted(next);
    for (const alert of alerts) {
      const { truck } = alert;
      toast({ title: 'Favorite truck nearby!', description: describe(alert), duration: NEARBY_TOAST_MS });
      void notificationsAllowed().then((allowed) => {
        if (!allowed) return;
        const notification = new Notification('Favorite truck nearby!', { body: describe(alert), tag: `truck-${truck.id}` });
        notification.onclick = () => {
          window.focus();
          navigate(truckLink(truck.id));
          notification.close();
        };
      });
    }
  }, [enabled, position, favorites, navigate]);
}
