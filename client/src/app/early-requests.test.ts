import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { truckQuery } from '@client/entities/truck/truck-details';
import { payoutsQuery } from '@client/features/orders/api/payouts';
import { smsPreferencesQuery } from '@client/features/favorites/api/sms-preferences';
import { favoritesCalendarFeedQuery } from '@client/features/schedules/api/favorites-calendar-feed';
import { upcomingStopsQuery } from '@client/features/schedules/api/upcoming-stops';
import { operatorTrucksQuery } from '@client/features/operator/api/operator-trucks';
import { createQueryClient } from '@client/lib/query-client';
import { queryKeys } from '@client/lib/query-keys';
import { OPERATOR } from '@client/test/render-app';
import { makeTruck } from '@client/test/trucks';
import { PUBLIC_FIRST_DATA, UPCOMING_STOPS_URL } from '@shared/contracts/first-data';
import { SERVER_RENDER_DATA_ID } from '@shared/contracts/server-render';
import { truckOrderingQuery } from '@client/features/orders/api/truck-ordering';
import { publicScreenData, requestScreenDataEarly } from './early-requests';
import { prefetchFirstScreenQueries, prefetchPublicScreenQueries } from './first-screen-queries';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A server answering every GET with `bodies[url]` (or 404), recording what was asked with which token. */
function stubServer(bodies: Record<string, unknown>) {
  const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
    url in bodies
      ? new Response(JSON.stringify(bodies[url]), { status: 200 })
      : new Response('{}', { status: 404 }),
  );
  vi.stubGlobal('fetch', fetch);
  const asked = () => fetch.mock.calls.map(([url]) => url);
  const tokens = () => fetch.mock.calls.map(([, init]) => new Headers(init?.headers).get('authorization'));
  return { fetch, asked, tokens };
}

function signIn(user: typeof OPERATOR, token = 'test-token') {
  window.localStorage.setItem('token', token);
  window.localStorage.setItem('user', JSON.stringify(user));
}

const CUSTOMER = { ...OPERATOR, id: 8, username: 'diner', role: 'customer' as const };
const TRUCKS_URL = `/api/operators/${OPERATOR.id}/food-trucks`;
const LIST_URL = '/api/food-trucks/active?view=summary';

/** What the server answers the operator's dashboard's first requests. */
const dashboardAnswers = (trucks: unknown[]) => ({
  [TRUCKS_URL]: trucks,
  '/api/subscription-status': { status: 'active' },
  '/api/auth/me': OPERATOR,
  '/api/operator/payouts': { status: 'none' },
  '/api/claims': [],
  '/api/operator/orders/counts': [{ foodTruckId: 3, received: 1, active: 1 }],
});

describe('the page asks for its screen’s data before the app has loaded', () => {
  it('on the dashboard: the operator’s trucks, subscription, payouts, claims and orders waiting, taken by the screen’s queries rather than asked again', async () => {
    const trucks = [makeTruck({ id: 3 })];
    const server = stubServer(dashboardAnswers(trucks));
    signIn(OPERATOR);
    requestScreenDataEarly('/operator-dashboard');
    expect(server.asked().sort()).toEqual([
      '/api/auth/me',
      '/api/claims',
      '/api/operator/orders/counts',
      '/api/operator/payouts',
      TRUCKS_URL,
      '/api/subscription-status',
    ]);
    expect(server.tokens()).toEqual(Array(6).fill('Bearer test-token'));

    const client = createQueryClient();
    expect(await client.fetchQuery(operatorTrucksQuery(OPERATOR.id))).toEqual(trucks);
    expect(await client.fetchQuery({ queryKey: queryKeys.subscriptionStatus })).toEqual({ status: 'active' });
    expect(await client.fetchQuery(payoutsQuery())).toEqual({ status: 'none' });
    expect(await client.fetchQuery({ queryKey: queryKeys.myClaims })).toEqual([]);
    expect(await client.fetchQuery({ queryKey: queryKeys.operatorOrderCounts })).toEqual([{ foodTruckId: 3, received: 1, active: 1 }]);
    expect(server.fetch).toHaveBeenCalledTimes(6);
    // Taken once: the next fetch (the 5-second polling, a refetch) asks the server.
    await client.refetchQueries({ queryKey: queryKeys.operatorTrucks(OPERATOR.id) });
    expect(server.asked().filter((url) => url === TRUCKS_URL)).toHaveLength(2);
  });

  it('a dashboard the server rendered with the operator’s data (ADR 0176) asks for none of it again', () => {
    // An operator of this test alone: no other test's request for the same address is pending.
    const operator = { ...OPERATOR, id: 77 };
    const server = stubServer({});
    signIn(operator);
    document.body.innerHTML = `<div id="root"><main></main></div><script type="application/json" id="${SERVER_RENDER_DATA_ID}">{}</script>`;
    try {
      requestScreenDataEarly('/operator-dashboard');
    } finally {
      document.body.innerHTML = '';
    }
    expect(server.asked()).not.toContain(`/api/operators/${operator.id}/food-trucks`);
    // Without the page's data, the same browser asks for it.
    requestScreenDataEarly('/operator-dashboard');
    expect(server.asked()).toContain(`/api/operators/${operator.id}/food-trucks`);
  });

  it('on the dashboard, the app puts those answers in the cache before its first render, without asking again', async () => {
    const trucks = [makeTruck({ id: 4 })];
    const server = stubServer(dashboardAnswers(trucks));
    signIn(OPERATOR, 'first-render-token');
    requestScreenDataEarly('/operator-dashboard');
    const client = createQueryClient();
    await prefetchFirstScreenQueries(client, '/operator-dashboard');
    expect(client.getQueryData(queryKeys.operatorTrucks(OPERATOR.id))).toEqual(trucks);
    expect(client.getQueryData(queryKeys.subscriptionStatus)).toEqual({ status: 'active' });
    expect(client.getQueryData(queryKeys.payouts)).toEqual({ status: 'none' });
    expect(client.getQueryData(queryKeys.myClaims)).toEqual([]);
    expect(client.getQueryData(queryKeys.operatorOrderCounts)).toEqual([{ foodTruckId: 3, received: 1, active: 1 }]);
    expect(server.fetch).toHaveBeenCalledTimes(6);
    // Nothing to wait for on a screen without such data.
    await prefetchFirstScreenQueries(client, '/find-trucks');
    expect(server.fetch).toHaveBeenCalledTimes(6);
  });

  it('on /find-trucks: the app puts the whole lean list and the upcoming stops in the cache before its first render, taking the first script’s requests', async () => {
    const trucks = [makeTruck({ id: 2 })];
    const server = stubServer({
      [LIST_URL]: trucks,
      [UPCOMING_STOPS_URL]: [{ truckId: 2, stops: [], timeZone: 'America/Chicago' }],
    });
    requestScreenDataEarly('/find-trucks');
    expect(server.asked()).toEqual([LIST_URL, UPCOMING_STOPS_URL]);
    // Exactly what the server preloads for a signed-out diner (its Link header), and as the
    // preload asks (no Authorization header, credentials included), so the browser's answer to the
    // preload is the one taken, not a second request.
    expect(server.asked()).toEqual(PUBLIC_FIRST_DATA['/find-trucks']);
    expect(server.tokens()).toEqual([null, null]);
    expect(server.fetch.mock.calls.map(([, init]) => init?.credentials)).toEqual(['include', 'include']);
    const client = new QueryClient();
    await prefetchPublicScreenQueries(client, '/find-trucks', { serverRendered: false });
    expect(client.getQueryData(queryKeys.activeTrucksList(undefined))).toEqual(trucks);
    expect(client.getQueryData(upcomingStopsQuery().queryKey)?.[0]?.timeZone).toBe('America/Chicago');
    expect(server.fetch).toHaveBeenCalledTimes(2);
    // Taken once: the list's next fetch (a refetch, the polling) asks the server.
    await client.refetchQueries({ queryKey: queryKeys.activeTrucksList(undefined) });
    expect(server.fetch).toHaveBeenCalledTimes(3);
  });

  it('a server-rendered /find-trucks fetches nothing here (the list and the upcoming stops came with the page), and neither do other screens', async () => {
    const server = stubServer({ [UPCOMING_STOPS_URL]: [] });
    await prefetchPublicScreenQueries(new QueryClient(), '/find-trucks', { serverRendered: true });
    for (const path of ['/', '/favorites', '/operator-dashboard', '/trucks/1']) {
      await prefetchPublicScreenQueries(new QueryClient(), path, { serverRendered: false });
    }
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('the server renders /find-trucks from the list and the upcoming stops, the two answers its first script would otherwise ask for', () => {
    expect(publicScreenData('/find-trucks').map(({ url }) => url)).toEqual(PUBLIC_FIRST_DATA['/find-trucks']);
  });

  it('a search in the URL (ADR 0182) is asked for with the list, and the app waits for it as for the list, so the list opens searched', async () => {
    const found = { ids: [2], partial: false, dishes: { '2': ['Horchata'] } };
    const server = stubServer({ [LIST_URL]: [makeTruck({ id: 2 })], [UPCOMING_STOPS_URL]: [], '/api/food-trucks/search?q=horchata': found });
    requestScreenDataEarly('/find-trucks', '?filters=cards&q=+horchata+');
    expect(server.asked()).toEqual([LIST_URL, UPCOMING_STOPS_URL, '/api/food-trucks/search?q=horchata']);
    const client = new QueryClient();
    await prefetchPublicScreenQueries(client, '/find-trucks', { serverRendered: false, search: '?q=horchata' });
    expect(client.getQueryData(queryKeys.truckSearch('horchata'))).toEqual(found);
    expect(server.fetch).toHaveBeenCalledTimes(3);
    // The server renders it with the search's answer, which it may do without.
    expect(publicScreenData('/find-trucks', '?q=horchata').at(-1)).toEqual({
      queryKey: queryKeys.truckSearch('horchata'),
      url: '/api/food-trucks/search?q=horchata',
      optional: true,
    });
    // Nothing for an empty search or one longer than the API takes (the page shows the whole list).
    for (const search of ['?q=', '?q=+', `?q=${'a'.repeat(101)}`, '?filters=cards']) {
      expect(publicScreenData('/find-trucks', search).map(({ url }) => url)).toEqual(PUBLIC_FIRST_DATA['/find-trucks']);
    }
  });

  it('on /favorites, for a customer: the favourites, SMS alerts and calendar feed, taken by the screen’s queries', async () => {
    const server = stubServer({
      '/api/auth/me': CUSTOMER,
      '/api/favorites': [],
      '/api/auth/user/sms-preferences': { smsAlerts: true },
      '/api/favorites/calendar-feed': { url: 'https://example.test/feed.ics' },
    });
    signIn(CUSTOMER, 'favorites-token');
    requestScreenDataEarly('/favorites');
    // jsdom has no PushManager: this browser's push devices are not asked for.
    expect(server.asked().sort()).toEqual([
      '/api/auth/me',
      '/api/auth/user/sms-preferences',
      '/api/favorites',
      '/api/favorites/calendar-feed',
    ]);
    const client = createQueryClient();
    expect(await client.fetchQuery({ queryKey: queryKeys.favorites })).toEqual([]);
    expect(await client.fetchQuery(smsPreferencesQuery())).toEqual({ smsAlerts: true });
    expect(await client.fetchQuery(favoritesCalendarFeedQuery())).toBe('https://example.test/feed.ics');
    expect(server.fetch).toHaveBeenCalledTimes(4);
  });

  it('on /favorites, the app puts those answers in the cache before its first render: the feed as its address, or none', async () => {
    const favorites = [makeTruck({ id: 5 })];
    const server = stubServer({
      '/api/auth/me': CUSTOMER,
      '/api/favorites': favorites,
      '/api/auth/user/sms-preferences': { smsAlerts: false },
    });
    signIn(CUSTOMER, 'favorites-first-render');
    requestScreenDataEarly('/favorites');
    const client = createQueryClient();
    await prefetchFirstScreenQueries(client, '/favorites');
    expect(client.getQueryData(queryKeys.favorites)).toEqual(favorites);
    expect(client.getQueryData(queryKeys.smsPreferences)).toEqual({ smsAlerts: false });
    // No feed yet (the stub answers 404): null in the cache, as the screen's own query reads it.
    expect(client.getQueryState(queryKeys.favoritesCalendarFeed)?.status).toBe('success');
    expect(client.getQueryData(queryKeys.favoritesCalendarFeed)).toBeNull();
    expect(server.fetch).toHaveBeenCalledTimes(4);
  });

  it('on a truck’s page: the truck, its menu and whether it takes orders, taken by the page’s queries; nothing for a path that names no truck', async () => {
    const truck = makeTruck({ id: 7 });
    const ordering = { accepting: true, reason: null, estimatedWaitMinutes: 10, latestPickupAt: null, paymentMode: 'test' };
    const server = stubServer({ '/api/food-trucks/7': truck, '/api/food-trucks/7/menu': [], '/api/food-trucks/7/ordering': ordering });
    requestScreenDataEarly('/trucks/abc');
    requestScreenDataEarly('/trucks/7/edit');
    requestScreenDataEarly('/trucks/99999999999');
    expect(server.asked()).toEqual([]);
    requestScreenDataEarly('/trucks/7');
    expect(server.asked()).toEqual(['/api/food-trucks/7', '/api/food-trucks/7/menu', '/api/food-trucks/7/ordering']);
    const client = createQueryClient();
    expect(await client.fetchQuery(truckQuery(7))).toEqual(truck);
    expect(await client.fetchQuery({ queryKey: queryKeys.menu(7) })).toEqual([]);
    expect(await client.fetchQuery(truckOrderingQuery(7))).toEqual(ordering);
    expect(server.fetch).toHaveBeenCalledTimes(3);
  });

  it('asks for nobody else’s data: a customer on the dashboard, a visitor signed out, other screens', () => {
    const server = stubServer({});
    requestScreenDataEarly('/operator-dashboard');
    requestScreenDataEarly('/');
    expect(server.asked()).toEqual([]);
    signIn({ ...OPERATOR, role: 'customer' }, 'customer-token');
    requestScreenDataEarly('/operator-dashboard');
    expect(server.asked()).toEqual(['/api/auth/me']);
  });

  it('never hands an answer to another session, nor a stale one', async () => {
    const server = stubServer({ [TRUCKS_URL]: [] });
    signIn(OPERATOR, 'first-token');
    requestScreenDataEarly('/operator-dashboard');
    signIn(OPERATOR, 'second-token');
    await createQueryClient().fetchQuery(operatorTrucksQuery(OPERATOR.id));
    expect(server.asked().filter((url) => url === TRUCKS_URL)).toHaveLength(2);
    expect(server.tokens().at(-1)).toBe('Bearer second-token');

    vi.useFakeTimers({ toFake: ['Date'] });
    requestScreenDataEarly('/operator-dashboard');
    vi.setSystemTime(Date.now() + 16_000);
    await createQueryClient().fetchQuery(operatorTrucksQuery(OPERATOR.id));
    expect(server.asked().filter((url) => url === TRUCKS_URL)).toHaveLength(4);
  });
});
