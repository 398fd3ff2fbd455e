/**
 * The URLs of the diners' first data, shared by the page's first script (client/src/app/
 * early-requests.ts, which asks for them) and the server (which names them in the page's `Link`
 * header, so the browser asks for them with the page instead of after its first script: over
 * HTTP/1.1 that request otherwise queued behind the app's JavaScript chunks).
 */

/** Params of a position-limited active list. */
export interface ActiveTrucksParams {
  lat: number;
  lng: number;
  radiusMiles?: number;
}

/** The diners' list of spec section 7 (`GET /api/food-trucks/active`). */
export const ACTIVE_TRUCKS_URL = '/api/food-trucks/active';

/** Every truck's current and next stops (one request for every card and popup). */
export const UPCOMING_STOPS_URL = '/api/food-trucks/upcoming-stops';

/** The lean list shape (ADR 0120): details come from GET /api/food-trucks/:id when asked for. */
export function activeTrucksUrl(params?: ActiveTrucksParams): string {
  const search = new URLSearchParams({ view: 'summary' });
  if (params) {
    search.set('lat', String(params.lat));
    search.set('lng', String(params.lng));
    if (params.radiusMiles !== undefined) search.set('radiusMiles', String(params.radiusMiles));
  }
  return `${ACTIVE_TRUCKS_URL}?${search.toString()}`;
}

/** A search of the diners' list (`GET /api/food-trucks/search`): ids and the dishes found. */
export const truckSearchUrl = (q: string): string => `/api/food-trucks/search?${new URLSearchParams({ q }).toString()}`;

/**
 * What a page asks for before its app has loaded, the same for every signed-out diner: on
 * /find-trucks the whole list (the position comes later, if at all) and the stops every card's
 * status line reads.
 */
export const PUBLIC_FIRST_DATA: Readonly<Record<string, readonly string[]>> = {
  '/find-trucks': [activeTrucksUrl(), UPCOMING_STOPS_URL],
};
