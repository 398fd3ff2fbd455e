/** A place a geocoder found: the text diners read and its position. */
export interface GeocodedPlace {
  label: string;
  latitude: number;
  longitude: number;
}

/**
 * The places this deployment already knows (trucks' addresses, schedule stops), read from the
 * database by the caller for the offline provider. Only places the caller may read are given.
 */
export interface KnownPlaces {
  /** Known places whose text holds every one of `words` (lower-case), at most a few dozen. */
  matching(words: string[]): Promise<GeocodedPlace[]>;
  /** Known places within `km` of `at`. */
  near(at: { latitude: number; longitude: number }, km: number): Promise<GeocodedPlace[]>;
}

export interface SearchOptions {
  /** Places near this point first (the map's centre), when the provider can. */
  near?: { latitude: number; longitude: number } | undefined;
  /** At most this many places. */
  limit: number;
}

/** The provider did not answer, or answered with something unreadable: the form still works without it. */
export class GeocodingUnavailable extends Error {}

/**
 * Address search and reverse lookup for the operators' place fields (ADR 0151). A Nominatim- or
 * Photon-compatible server when GEOCODING_PROVIDER and GEOCODING_URL are set; otherwise the offline
 * provider, which searches the places this deployment already knows (`known`, read per call by the
 * geocoding module, since the provider has no database of its own).
 */
export interface GeocodingProvider {
  readonly name: 'nominatim' | 'photon' | 'offline';
  /** Places matching `query`, best first; throws GeocodingUnavailable when the provider fails. */
  search(query: string, options: SearchOptions, known: KnownPlaces): Promise<GeocodedPlace[]>;
  /** The address at (or nearest to) `at`, or null when there is none close enough. */
  reverse(at: { latitude: number; longitude: number }, known: KnownPlaces): Promise<GeocodedPlace | null>;
}
