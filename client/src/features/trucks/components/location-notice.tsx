import { MapPinOff, X } from 'lucide-react';

/**
 * A location alert of spec section 8, inline and dismissible (docs/decisions/0040). It lies over the
 * map, so on a phone it is set small: the map there is 280 px high.
 */
export function LocationNotice({ message, onDismiss }: { message: string; onDismiss(): void }) {
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-2.5 py-1.5 text-xs leading-snug text-amber-950 sm:gap-3 sm:p-3 sm:text-sm"
    >
      <MapPinOff className="mt-0.5 hidden h-4 w-4 shrink-0 sm:block" aria-hidden />
      <p className="flex-1">{message}</p>
      <button type="button" onClick={onDismiss} aria-label="Dismiss location message" className="rounded p-1 hover:bg-amber-100">
        <X className="h-4 w-4" aria-hidden />
      </button>
    </div>
  );
}
