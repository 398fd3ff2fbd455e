/**
 * "Sign in and come back": a screen that needs an account links (or redirects) to /login or
 * /register with `?next=<path>`, and the new session lands there instead of its usual home. Only
 * paths of this app that are worth coming back to are taken (a truck's page, its order-ahead
 * checkout, an order, the list of one's orders, one's favourites and account, and an operator's
 * screens), never another site's address.
 */
const RETURNABLE =
  /^\/(?:(?:trucks|order|orders|edit-truck|menu-management|operator\/orders)\/\d{1,10}|orders|favorites|account|operator-dashboard|create-truck)$/;

/** The path to come back to, from a location's query string, or null. */
export function returnPath(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  return next && RETURNABLE.test(next) ? next : null;
}

/** `/login?next=/trucks/7` (with more query parameters when given). */
export function withReturn(path: string, next: string, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ ...extra, next });
  return `${path}?${query.toString()}`;
}

/** The sign-in screen for one who opened `path` signed out: back to `path` after, when it is one to come back to. */
export const loginFor = (path: string): string => (RETURNABLE.test(path) ? withReturn('/login', path) : '/login');
