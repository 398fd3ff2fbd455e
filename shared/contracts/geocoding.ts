import { z } from 'zod';
import { text } from './common';
import { latLngTogether, positionQueryFields } from './trucks';

/**
 * Operators' address search and reverse lookup (issue 27, ADR 0151): GET /api/geocode/search?q=
 * and GET /api/geocode/reverse?lat=&lng=, answered by the configured geocoder (Nominatim or Photon)
 * or, offline, from the places this deployment already knows.
 */

/** The most places one search answers. */
export const GEOCODE_RESULTS = 8;
/** Searches start from this many characters (fewer finds everything and nothing). */
export const GEOCODE_MIN_QUERY = 2;

/** A place found: the text the address field takes, and where it is. */
export const geocodedPlaceSchema = z.object({
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type GeocodedPlace = z.infer<typeof geocodedPlaceSchema>;

const { lat, lng } = positionQueryFields;

/** `q`, and optionally the map's centre (`lat`, `lng`) so nearer places come first. */
export const geocodeSearchQuerySchema = z
  .object({
    q: text({ error: 'Search text is required' })
      .trim()
      .min(GEOCODE_MIN_QUERY, `Type at least ${GEOCODE_MIN_QUERY} characters to search`)
      .max(200, 'Search text must be at most 200 characters'),
    lat,
    lng,
  })
  .refine(...latLngTogether);
export const geocodeSearchResultSchema = z.array(geocodedPlaceSchema);

export const geocodeReverseQuerySchema = z.object({
  lat: lat.unwrap(),
  lng: lng.unwrap(),
});
/** The address at the point, or null when none is known close enough. */
export const geocodeReverseResultSchema = z.object({ place: geocodedPlaceSchema.nullable() });

/** The answer when the configured geocoder fails (503): the map and typed coordinates still work. */
export const GEOCODING_UNAVAILABLE = 'Address search is unavailable right now. Pick the place on the map or type its coordinates.';
