import { useNearbyAlerts } from '@client/features/favorites/hooks/use-nearby-alerts';
import { usePushPosition } from '@client/features/push/hooks/use-push-position';

/** Mounted by the app shell for signed-in customers only (loaded on demand). */
export default function NearbyAlerts() {
  useNearbyAlerts(true);
  // A device with push alerts on keeps its position current for the 2 km opening alert (ADR 0160).
  usePushPosition(true);
  return null;
}
