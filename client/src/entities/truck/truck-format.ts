import type { TruckSummary } from '@shared/contracts';
import { formatDateTime } from '@shared/utils/format';

/** Shown on cards, popups and the favourites screen: small truck presentation helpers. */

type Located = Pick<TruckSummary, 'latitude' | 'longitude'>;

export function hasCoordinates<T extends Located>(t: T): t is T & { latitude: number; longitude: number } {
  return typeof t.latitude === 'number' && typeof t.longitude === 'number';
}

/** Spec section 4: a truck is live only when open and with coordinates. */
export function isLive(t: Located & Pick<TruckSummary, 'isOpen'>): boolean {
  return t.isOpen && hasCoordinates(t);
}

/** A route to the truck on an external maps service (coordinates, else the address). */
export function directionsUrl(t: Located & Pick<TruckSummary, 'address'>): string | null {
  const destination = hasCoordinates(t) ? `${t.latitude},${t.longitude}` : t.address?.trim();
  if (!destination) return null;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

// The viewer's first formatter loads the locale's data (about 15 ms; 60 ms on Lighthouse's slow
// phone): made while the screen waits for its data, not inside the render that shows the cards.
// Once the page's worker has loaded that data (lib/intl-warm-up.ts) this costs a fraction of a ms;
// it stays for a browser that runs no worker, so a first tap on a pin never pays for it.
if (typeof requestIdleCallback === 'function') requestIdleCallback(() => formatDateTime(new Date()));

/** The rating badge (DESIGN.md): '★ 4.3 · 12', or 'New' before the first rating. */
export function formatRating(rating: TruckSummary['rating'] | undefined): string {
  return rating ? `★ ${rating.average.toFixed(1)} · ${rating.count}` : 'New';
}

/** What a screen reader says for the rating badge (shared with the voice assistant's answers). */
export { describeRating } from '@shared/utils/format';

/** A position older than this is dimmed on the map: the truck may well have moved since. */
export const STALE_POSITION_MS = 60 * 60_000;

/** The truck's last update is over an hour old at `now`. */
export function isStale(t: Pick<TruckSummary, 'lastUpdated'>, now: number = Date.now()): boolean {
  return now - Date.parse(t.lastUpdated) > STALE_POSITION_MS;
}

/** 'Updated just now', 'Updated 3 min ago', 'Updated 2 h ago', 'Updated 4 days ago'. */
export function formatAge(iso: string, now: number = Date.now()): string {
  const minutes = Math.floor(Math.max(0, now - Date.parse(iso)) / 60_000);
  if (!Number.isFinite(minutes)) return '';
  if (minutes < 1) return 'Updated just now';
  if (minutes < 60) return `Updated ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `Updated ${hours} h ago`;
  return `Updated ${Math.floor(hours / 24)} days ago`;
}
