import { useSyncExternalStore } from 'react';
import { followLocationPermission, knownLocationPermission, type LocationPermission } from '../location-permission';

export type { LocationPermission };

const serverPermission = (): LocationPermission => 'unknown';

/** The geolocation permission from the Permissions API, kept current as the user changes it. */
export function useLocationPermission(): LocationPermission {
  return useSyncExternalStore(followLocationPermission, knownLocationPermission, serverPermission);
}
