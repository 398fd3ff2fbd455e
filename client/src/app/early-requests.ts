import { pushSupport } from '@client/features/push/browser-push';
import { activeTrucksUrl, UPCOMING_STOPS_URL } from '@shared/contracts/first-data';
import { requestEarly } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { isCustomer, isOperator } from '@client/lib/roles';
import { readStoredUser } from '@client/lib/stored-session';
import { parseId } from '@shared/utils/ids';
import { SERVER_RENDER_DATA_ID } from '@shared/contracts/server-render';

/** A query a screen renders first, and the URL of its answer. */
export interface ScreenData {
  queryKey: readonly unknown[];
  url: string;
}

/**
 * What the public screen of `pathname` renders first, the same for every diner: the list and the
 * trucks' upcoming stops on /find-trucks; the truck (its name, status and description are the first screen) and its menu on a
 * truck's page. The server renders these screens with it (entry-server.tsx); otherwise the page's
 * first script asks for it.
 */
export function publicScreenData(pathname: string): ScreenData[] {
  if (pathname === '/find-trucks') {
    return [
      { queryKey: queryKeys.activeTrucksList(), url: activeTrucksUrl() },
      // Every card's status line reads them: the server renders those lines too, so the hydration
      // finds them (without, it rendered lines the server had not, and React rendered the whole
      // screen again).
      { queryKey: queryKeys.upcomingStops, url: UPCOMING_STOPS_URL },
    ];
  }
  const truckId = parseId(/^\/trucks\/([^/]+)$/.exec(pathname)?.[1]);
  if (truckId === null) return [];
  return [queryKeys.truck(truckId), queryKeys.menu(truckId)].map((queryKey) => ({
    queryKey,
    url: queryKey.join('/'),
  }));
}

/**
 * The data the screen of `pathname` renders first, asked for by the page's first script (main.tsx,
 * a few KB) while React and the screens still download: on a slow phone each of these used to wait
 * for the app's 100 KB to load and run first (bench/map.ts; Lighthouse's LCP on the dashboard).
 * Each is taken by the first call for its URL (api-client.ts), so nothing is asked for twice.
 */
export function requestScreenDataEarly(pathname: string): void {
  const user = readStoredUser();
  // The provider confirms a stored session on every load (lib/auth.tsx).
  if (user) requestEarly('/api/auth/me');
  // The screen's data, unless the server rendered the page with it (ADR 0168, 0176).
  if (document.getElementById(SERVER_RENDER_DATA_ID)) return;
  for (const { url } of publicScreenData(pathname)) requestEarly(url);
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
    ];
  }
  if (pathname === '/favorites' && isCustomer(user)) {
    const push = pushSupport() === 'supported' ? [queryKeys.pushDevices] : [];
    return [queryKeys.favorites, queryKeys.smsPreferences, queryKeys.favoritesCalendarFeed, ...push];
  }
  return [];
}
