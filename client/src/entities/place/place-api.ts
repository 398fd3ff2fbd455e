import type { GeocodedPlace } from '@shared/contracts/geocoding';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export type { GeocodedPlace };

/** Searches start from this many characters (GEOCODE_MIN_QUERY in the contract; a plain value here). */
export const MIN_SEARCH_LENGTH = 2;

export interface Point {
  latitude: number;
  longitude: number;
}

function searchUrl(q: string, near: Point | null): string {
  const params = new URLSearchParams({ q });
  if (near) {
    params.set('lat', near.latitude.toFixed(2));
    params.set('lng', near.longitude.toFixed(2));
  }
  return `/api/geocode/search?${params}`;
}

/**
 * GET /api/geocode/search — places for an address search, nearer `near` first (to two decimals, a
 * few km, so moving the pin a little reuses the answer). Idle below MIN_SEARCH_LENGTH characters.
 */
export function useAddressSearch(q: string, near: Point | null) {
  const query = q.trim();
  const roundedNear = near ? { latitude: Number(near.latitude.toFixed(2)), longitude: Number(near.longitude.toFixed(2)) } : null;
  return useQuery({
    queryKey: queryKeys.geocodeSearch(query, roundedNear),
    queryFn: () => apiJson<GeocodedPlace[]>('GET', searchUrl(query, roundedNear)),
    enabled: query.length >= MIN_SEARCH_LENGTH,
    staleTime: 5 * 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/geocode/reverse — the address at a picked point, or null when none is known close by. */
export async function reverseGeocode(at: Point): Promise<GeocodedPlace | null> {
  const params = new URLSearchParams({ lat: String(at.latitude), lng: String(at.longitude) });
  const { place } = await apiJson<{ place: GeocodedPlace | null }>('GET', `/api/geocode/reverse?${params}`);
  return place;
}
