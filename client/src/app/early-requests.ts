import { pushSupport } from '@client/features/push/browser-push';
import { activeTrucksUrl, truckSearchUrl, UPCOMING_STOPS_URL } from '@shared/contracts/first-data';
import { SEARCH_MAX_LENGTH, SEARCH_PARAM } from '@shared/constants';
import { requestEarly } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { isCustomer, isOperator } from '@client/lib/roles';
import { readStoredUser } from '@client/lib/stored-session';
import { parseId } from '@shared/utils/ids';
import { SERVER_RENDER_DATA_ID } from '@shared/contracts/server-render';

/** /find-trucks' search in the URL's `search` (`?q=`, ADR 0182), if it is one the API takes. */
export function searchInUrl(search: string): string | null {
  const q = new URLSearchParams(search).get(SEARCH_PARAM)?.trim() ?? '';
  return q && q.length <= SEARCH_MAX_LENGTH ? q : null;
}

/** A query a screen renders first, and the URL of its answer. */
export interface ScreenData {
  queryKey: readonly unknown[];
  url: string;
  /** The screen renders without it (while it loads): a failed answer does not stop a server render. */
  optional?: boolean;
}

/**
 * What the public screen of `pathname` renders first, the same for every diner: the list, the
 * trucks' upcoming stops and the search in the URL (`search`) on /find-trucks; the truck (its name,
 * status and description are the first screen), its menu and whether it takes orders now on a
 * truck's page. The server renders these screens with it (entry-server.tsx); otherwise the page's
 * first script asks for it.
 */
export function publicScreenData(pathname: string, search = ''): ScreenData[] {
  if (pathname === '/find-trucks') {
    // A search in the URL (ADR 0182): the list opens already searched.
    const q = searchInUrl(search);
    const searched = q ? [{ queryKey: queryKeys.truckSearch(q), url: truckSearchUrl(q), optional: true }] : [];
    return [
      { queryKey: queryKeys.activeTrucksList(), url: activeTrucksUrl() },
      // Every card's status line reads them: the server renders those lines too, so the hydration
      // finds them (without, it rendered lines the server had not, and React rendered the whole
      // screen again).
      { queryKey: queryKeys.upcomingStops, url: UPCOMING_STOPS_URL },
      ...searched,
    ];
  }
  const truckId = parseId(/^\/trucks\/([^/]+)$/.exec(pathname)?.[1]);
  if (truckId === null) return [];
  return [
    ...[queryKeys.truck(truckId), queryKeys.menu(truckId)].map((queryKey) => ({ queryKey, url: queryKey.join('/') })),
    // Whether it takes orders now: the page's "Order ahead" is there from its first paint (ADR 0162).
    { queryKey: queryKeys.truckOrdering(truckId), url: queryKeys.truckOrdering(truckId).join('/'), optional: true },
  ];
}

/**
 * The data the screen of `pathname` renders first, asked for by the page's first script (main.tsx,
 * a few KB) while React and the screens still download: on a slow phone each of these used to wait
 * for the app's 100 KB to load and run first (bench/map.ts; Lighthouse's LCP on the dashboard).
 * Each is taken by the first call for its URL (api-client.ts), so nothing is asked for twice.
 */
export function requestScreenDataEarly(pathname: string, search = ''): void {
  const user = readStoredUser();
  // The provider confirms a stored session on every load (lib/auth.tsx).
  if (user) requestEarly('/api/auth/me');
  // The screen's data, unless the server rendered the page with it (ADR 0168, 0176).
  if (document.getElementById(SERVER_RENDER_DATA_ID)) return;
  for (const { url } of publicScreenData(pathname, search)) requestEarly(url);
  for (const queryKey of firstScreenQueries(pathname, user)) requestEarly(queryKey.join('/'));
}

/**
 * The queries a signed-in screen renders its first screen from, each asked for at its key's URL:
 * on the dashboard the operator's trucks, subscription, payouts panel and claims, which render
 * together; on a customer's favourites the list and the settings beside it (SMS alerts, the
 * calendar feed, this browser's push devices where it can take push). Each is answered by the
 * default query function (the key's URL's JSON) or by the function its key's defaults name
 * (first-screen-queries.ts: the calendar feed's).
 */
export function firstScreenQueries(
  pathname: string,
  user: ReturnType<typeof readStoredUser>,
): (readonly unknown[])[] {
  if (pathname === '/operator-dashboard' && user && isOperator(user)) {
    return [
      queryKeys.operatorTrucks(user.id),
      queryKeys.subscriptionStatus,
      queryKeys.payouts,
      queryKeys.myClaims,
      queryKeys.operatorOrderCounts,
    ];
  }
  if (pathname === '/favorites' && isCustomer(user)) {
    const push = pushSupport() === 'supported' ? [queryKeys.pushDevices] : [];
    return [queryKeys.favorites, queryKeys.smsPreferences, queryKeys.favoritesCalendarFeed, ...push];
  }
  return [];
}
