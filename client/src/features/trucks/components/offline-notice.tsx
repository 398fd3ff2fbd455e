import WifiOff from 'lucide-react/icons/wifi-off';
import { formatTime } from '@shared/utils/format';
import { useActiveTrucksSource } from '../api/active-trucks';

/**
 * "offline — last updated 12:04 PM": shown while the lineup on screen is the copy the service
 * worker saved before the network went away (ADR 0160). It goes by itself when the list's next
 * poll reaches the server again.
 */
export function OfflineNotice() {
  const savedAt = useActiveTrucksSource()?.savedAt;
  if (!savedAt) return null;
  return (
    <p
      role="status"
      data-testid="offline-notice"
      className="mt-4 flex items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <WifiOff className="h-4 w-4 shrink-0" aria-hidden />
      <span>offline — last updated {formatTime(savedAt)}</span>
    </p>
  );
}
