import type { QueryClient } from '@tanstack/react-query';
import { ACTIVE_TRUCKS_URL, type ActiveTrucksParams } from '@shared/contracts/first-data';

/**
 * Every TanStack Query key of the client, in one place. A key is the URL split at its slashes (the
 * default query function joins it back), so a key prefix also matches every query below that URL.
 * Screens and hooks never spell a key themselves: they call these.
 */

export type { ActiveTrucksParams } from '@shared/contracts/first-data';
export { ACTIVE_TRUCKS_URL };

export const queryKeys = {
  appConfig: ['/api/app-config'] as const,
  /** The signed-in operator's subscription (spec section 7). */
  subscriptionStatus: ['/api/subscription-status'] as const,
  /** The pending subscription's client secret (POST, idempotent while pending). */
  subscriptionSetup: ['/api/create-operator-subscription'] as const,
  /** Every active list, whatever its params (prefix). */
  activeTrucks: [ACTIVE_TRUCKS_URL] as const,
  /**
   * Where the last diners' list came from: `savedAt` when the service worker answered offline (ADR
   * 0160). Not a URL and outside the lists' prefix: only the list's fetch writes it.
   */
  activeTrucksSource: ['client-state', 'active-trucks-source'] as const,
  activeTrucksList: (params?: ActiveTrucksParams) =>
    params ? ([ACTIVE_TRUCKS_URL, params] as const) : ([ACTIVE_TRUCKS_URL] as const),
  /** Every truck, its menu included (prefix). */
  trucks: ['/api/food-trucks'] as const,
  truck: (truckId: number) => ['/api/food-trucks', truckId] as const,
  menu: (truckId: number) => ['/api/food-trucks', truckId, 'menu'] as const,
  /** A truck's stops as its operator manages them (below the truck's key: truck refetches include it). */
  scheduleStops: (truckId: number) => ['/api/food-trucks', truckId, 'schedule', 'stops'] as const,
  /** A truck's expanded stops, the next 7 days (share page; below the truck's key). */
  /** A truck's stops until `to` (a date, midnight in the truck's zone). */
  truckSchedule: (truckId: number, to: string) => ['/api/food-trucks', truckId, `schedule?to=${to}`] as const,
  /** The ids of the trucks whose description or menu holds a search (below the trucks' key). */
  truckSearch: (q: string) => ['/api/food-trucks', 'search', q] as const,
  /** Every listed truck's current and next stop (cards, popups, favourites). */
  upcomingStops: ['/api/food-trucks', 'upcoming-stops'] as const,
  /** Where trucks will be at a time, with the list's position and radius. */
  scheduledTrucks: (at: string, params?: ActiveTrucksParams) =>
    ['/api/food-trucks', 'scheduled', at, params ?? null] as const,
  /** Every operator's truck list (prefix; spec: cached key '/api/operators'). */
  operators: ['/api/operators'] as const,
  operatorTrucks: (operatorId: number) => ['/api/operators', operatorId, 'food-trucks'] as const,
  /** Everything of the admin panel (prefix): refetched after every admin change. */
  admin: ['/api/admin'] as const,
  adminStats: ['/api/admin', 'stats'] as const,
  /** The newest orders and refunds (issue 30). */
  adminOrders: ['/api/admin', 'orders'] as const,
  adminRefunds: ['/api/admin', 'refunds'] as const,
  /** One import's report (GET /api/admin/imports/:id), polled while it runs. */
  adminImport: (id: number) => ['/api/admin', 'import', id] as const,
  /** One admin list with its filters; the pages are fetched by the admin feature's list hook. */
  adminList: (list: AdminListName, params: Record<string, string | undefined>) =>
    ['/api/admin', list, params] as const,
  /** A truck's insights over a period (owner's dashboard, issue 31; below the truck's key). */
  truckInsights: (truckId: number, days: number) => ['/api/food-trucks', truckId, 'insights', days] as const,
  /** The operator's demand grid over a period. */
  demandGrid: (operatorId: number, days: number) =>
    ['/api/operators', operatorId, 'insights', 'demand', days] as const,
  /** Whether the customer's visits are counted ("Don't count my visits"). */
  insightsPreferences: ['/api/auth/user/insights-preferences'] as const,
  /** The signed-in customer's "I'm going" stops (issue 31). */
  myGoing: ['/api/going'] as const,
  /** How many are going to each stop of an operator's truck (below the truck's key). */
  goingCounts: (truckId: number) => ['/api/food-trucks', truckId, 'going'] as const,
  /** The signed-in user's favourite trucks (spec section 7). */
  favorites: ['/api/favorites'] as const,
  /** The signed-in customer's own rating of a truck (below the truck's key: a truck refetch includes it). */
  myRating: (truckId: number) => ['/api/food-trucks', truckId, 'rating'] as const,
  smsPreferences: ['/api/auth/user/sms-preferences'] as const,
  /** The signed-in operator's claims of open-data listings (ADR 0158). */
  myClaims: ['/api/claims'] as const,
  /** Alerts per channel and kind, and quiet hours (ADR 0160). */
  notificationPreferences: ['/api/auth/user/notification-preferences'] as const,
  /** The signed-in customer's devices with push alerts on. */
  pushDevices: ['/api/push/subscriptions'] as const,
  /** The signed-in customer's saved dietary needs (issue 28). */
  dietaryNeeds: ['/api/auth/user/dietary-needs'] as const,
  /** The signed-in user's secret favourites calendar address (404 while none). */
  favoritesCalendarFeed: ['/api/favorites/calendar-feed'] as const,
  /** Order ahead (issue 30): whether a truck takes orders now (below the truck's key). */
  truckOrdering: (truckId: number) => ['/api/food-trucks', truckId, 'ordering'] as const,
  /** A truck's order queue and its ordering settings (operator). */
  truckOrders: (truckId: number) => ['/api/food-trucks', truckId, 'orders'] as const,
  truckOrderSettings: (truckId: number) => ['/api/food-trucks', truckId, 'order-settings'] as const,
  /** The signed-in diner's orders (prefix), and one order. */
  myOrders: ['/api/orders'] as const,
  order: (orderId: number) => ['/api/orders', orderId] as const,
  /** The signed-in operator's trucks with orders in progress, and how many wait to be accepted. */
  operatorOrderCounts: ['/api/operator/orders/counts'] as const,
  /** The signed-in operator's payout account. */
  payouts: ['/api/operator/payouts'] as const,
  /** An operator's address search, with the point nearer which places come first. */
  geocodeSearch: (q: string, near: { latitude: number; longitude: number } | null) =>
    ['/api/geocode/search', q, near] as const,
};

/** The admin panel's paged lists (GET /api/admin/{name}). */
export type AdminListName = 'customers' | 'operators' | 'audit-log' | 'messages' | 'claims' | 'imports';

/** After any truck change: every cached truck list and truck is refetched (ADR 0050). */
export async function invalidateTruckCaches(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.operators }),
    queryClient.invalidateQueries({ queryKey: queryKeys.trucks }),
    queryClient.invalidateQueries({ queryKey: queryKeys.activeTrucks }),
  ]);
}

/**
 * A `refetchOnMount` for a list the spec keeps never fresh: a screen mounting with an answer younger
 * than the list's polling period (the one its page's first script asked for, app/early-requests.ts)
 * does not ask again; the truck stream, or without it the polling, keeps it current from there.
 * Asking again cost a request beside the page's own, and a render, while the page came alive (issue 33).
 */
export const refetchOnMountOlderThan =
  (ms: number) =>
  (query: { state: { dataUpdatedAt: number } }): boolean =>
    Date.now() - query.state.dataUpdatedAt >= ms;
