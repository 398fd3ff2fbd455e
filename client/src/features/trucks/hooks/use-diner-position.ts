import { useEffect, useState } from 'react';
import { getCurrentPosition, locationAlertMessage } from '@client/lib/geolocation';
import type { Position } from '../lib/truck-list';

/** Rounded to about 100 m, so tiny GPS jitter never changes the query key. */
function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

export interface DinerPosition {
  position: Position | null;
  /** A location alert of spec section 8, or null. */
  message: string | null;
  dismissMessage(): void;
}

/** Asks the browser once for the diner's position (the map's option set of spec section 9). */
export function useDinerPosition(): DinerPosition {
  const [position, setPosition] = useState<Position | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    getCurrentPosition('map').then(
      (p) => {
        if (!cancelled) setPosition({ lat: round(p.latitude), lng: round(p.longitude) });
      },
      (err: unknown) => {
        if (!cancelled) setMessage(locationAlertMessage(err));
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  return { position, message, dismissMessage: () => setMessage(null) };
}
