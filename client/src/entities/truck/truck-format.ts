import type { TruckSummary } from '@shared/contracts';
import type { ScheduledTruck } from '@shared/contracts/schedules';
import { formatClockRange, formatDateTime } from '@shared/utils/format';

/** Shown on cards, popups and the favourites screen: small truck presentation helpers. */

type Located = Pick<TruckSummary, 'latitude' | 'longitude'>;

export function hasCoordinates<T extends Located>(t: T): t is T & { latitude: number; longitude: number } {
  return typeof t.latitude === 'number' && typeof t.longitude === 'number';
}

/** Spec section 4: a truck is live only when open and with coordinates. */
export function isLive(t: Located & Pick<TruckSummary, 'isOpen'>): boolean {
  return t.isOpen && hasCoordinates(t);
}

/**
 * A truck as the look-ahead lists it (GET /api/food-trucks/scheduled: it carries its stop): placed
 * where its schedule puts it at the hour the diner chose. Its live state (open now, where its GPS
 * was a moment ago) is not what it is shown with then (ADR 0184).
 */
export function isScheduled(t: TruckSummary): t is TruckSummary & Pick<ScheduledTruck, 'scheduledStop'> {
  return 'scheduledStop' in t;
}

/** A look-ahead truck's hours at its stop: 'Scheduled 11:00 AM–2:00 PM' (its place is the truck's address). */
export const scheduledHours = ({ scheduledStop: stop }: Pick<ScheduledTruck, 'scheduledStop'>): string =>
  `Scheduled ${formatClockRange(stop.startTime, stop.endTime)}`;

/** Shown as open: open now, or scheduled to be there at the hour the diner looks ahead to. */
export function shownOpen(t: TruckSummary): boolean {
  return t.isOpen || isScheduled(t);
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
