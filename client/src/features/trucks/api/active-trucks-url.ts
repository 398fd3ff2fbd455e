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
