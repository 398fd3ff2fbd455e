import { useStoreAfterHydration } from '@client/lib/hydration';
import {
  followLocationPermission,
  knownLocationPermission,
  type LocationPermission,
} from '../location-permission';

export type { LocationPermission };

const serverPermission = (): LocationPermission => 'unknown';

/**
 * The geolocation permission from the Permissions API, kept current as the user changes it (from
 * the end of the hydration on: useStoreAfterHydration).
 */
export function useLocationPermission(): LocationPermission {
  return useStoreAfterHydration(followLocationPermission, knownLocationPermission, serverPermission());
}
