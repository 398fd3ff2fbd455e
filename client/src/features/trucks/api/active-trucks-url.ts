import { apiRequest } from '@client/lib/api-client';
import { ACTIVE_TRUCKS_URL, type ActiveTrucksParams } from '@client/lib/query-keys';

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

/** The whole list, asked for by the entry for the page about to render, until its query takes it. */
let early: Promise<Response> | undefined;

/**
 * Opening /find-trucks: ask for the whole list from the page's first script (main.tsx, a few KB),
 * while React and the screens still download — the same request the list's query makes (the
 * caller's token included), taken by that query's first fetch (active-trucks.ts).
 */
export function prefetchFirstListFor(pathname: string): void {
  if (pathname !== '/find-trucks' || early) return;
  early = apiRequest('GET', activeTrucksUrl());
  // Its failure is the query's to report, when it takes the request.
  early.catch(() => {});
}

/** The entry's request for the whole list, once; undefined if none is waiting. */
export function takeFirstList(): Promise<Response> | undefined {
  const request = early;
  early = undefined;
  return request;
}
