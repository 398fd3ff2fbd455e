import type { GeocodingProvider } from './geocoding';
import { HttpGeocoding, type HttpGeocodingConfig } from './http-geocoding';
import { OfflineGeocoding } from './offline-geocoding';

export type * from './geocoding';
export { GeocodingUnavailable } from './geocoding';
export type { HttpGeocodingConfig } from './http-geocoding';
export { GEOCODING_DEFAULTS, HttpGeocoding } from './http-geocoding';
export { OfflineGeocoding, REVERSE_WITHIN_KM } from './offline-geocoding';

/** The configured Nominatim or Photon server, otherwise the offline provider. */
export function createGeocoding(options: { http?: HttpGeocodingConfig | undefined }): GeocodingProvider {
  return options.http ? new HttpGeocoding(options.http) : new OfflineGeocoding();
}
