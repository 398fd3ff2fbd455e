import { useNearbyAlerts } from '@client/features/favorites/hooks/use-nearby-alerts';

/** Mounted by the app shell for signed-in customers only (loaded on demand). */
export default function NearbyAlerts() {
  useNearbyAlerts(true);
  return null;
}
