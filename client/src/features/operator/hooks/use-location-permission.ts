import { useStoreAfterHydration } from '@client/lib/hydration';
import { followLocationPermission, knownLocationPermission, type LocationPermission } from '../location-permission';

export type { LocationPermission };

/** What the server renders: it cannot know the browser's permission. */
const SERVER_PERMISSION: LocationPermission = 'unknown';

/**
 * The geolocation permission from the Permissions API, kept current as the user changes it (from
 * the end of the hydration on: useStoreAfterHydration).
 */
export function useLocationPermission(): LocationPermission {
  return useStoreAfterHydration(followLocationPermission, knownLocationPermission, SERVER_PERMISSION);
}
