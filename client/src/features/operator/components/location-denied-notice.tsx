import MapPinOff from 'lucide-react/icons/map-pin-off';
import { LOCATION_DENIED_ATTRIBUTE } from '@client/features/operator/location-permission';

/**
 * Shown while the browser blocks location access: opening for business needs the device position.
 * Rendered `hidden` otherwise, so that the server's frame of the dashboard holds it for the page's
 * first script to show (prefetchLocationPermissionFor).
 */
export function LocationDeniedNotice({ hidden = false }: { hidden?: boolean }) {
  return (
    <div
      role="status"
      hidden={hidden}
      {...{ [LOCATION_DENIED_ATTRIBUTE]: '' }}
      className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <MapPinOff className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <div className="grid gap-1 text-sm">
        <p className="font-semibold">Location access denied. Please enable location permissions.</p>
        <p>
          Open for Business uses your device location. Allow location access for this site in your browser
          settings, or set the position with Update Location.
        </p>
      </div>
    </div>
  );
}
