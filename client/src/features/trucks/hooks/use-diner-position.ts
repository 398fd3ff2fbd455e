import { useEffect, useState } from 'react';
import type { Position } from '../lib/truck-list';

/** Spec section 9, geolocation on the map: low accuracy, 15 s time-out, 1 minute cache. */
export const MAP_GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 };

/** Spec section 8, location alerts (shown inline, see docs/decisions/0040). */
export const LOCATION_MESSAGES = {
  insecure: 'Location access requires a secure connection (HTTPS). Please open this site over HTTPS to see trucks near you.',
  unsupported: 'Geolocation is not supported by your browser.',
  denied:
    'Location access was denied. To see trucks near you, allow location for this site in your browser settings (the icon next to the address bar), then reload the page.',
  unavailable: 'Location information is unavailable. Please check your device location settings.',
  timeout: 'Location request timed out. Please try again.',
  other: 'Unable to get your location. Please try again, or try a different browser.',
} as const;

export function messageForGeolocationError(code: number): string {
  if (code === 1) return LOCATION_MESSAGES.denied;
  if (code === 2) return LOCATION_MESSAGES.unavailable;
  if (code === 3) return LOCATION_MESSAGES.timeout;
  return LOCATION_MESSAGES.other;
}

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

/** Asks the browser once for the diner's position. */
export function useDinerPosition(): DinerPosition {
  const [position, setPosition] = useState<Position | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (typeof window !== 'undefined' && window.isSecureContext === false) {
      setMessage(LOCATION_MESSAGES.insecure);
      return;
    }
    if (!('geolocation' in navigator)) {
      setMessage(LOCATION_MESSAGES.unsupported);
      return;
    }
    let cancelled = false;
    navigator.geolocation.getCurrentPosition(
      (p) => {
        if (!cancelled) setPosition({ lat: round(p.coords.latitude), lng: round(p.coords.longitude) });
      },
      (err) => {
        if (!cancelled) setMessage(messageForGeolocationError(err.code));
      },
      MAP_GEOLOCATION_OPTIONS,
    );
    return () => {
      cancelled = true;
    };
  }, []);

  return { position, message, dismissMessage: () => setMessage(null) };
}
