import { MapPinOff, X } from 'lucide-react';

/** A location alert of spec section 8, inline and dismissible (docs/decisions/0040). */
export function LocationNotice({ message, onDismiss }: { message: string; onDismiss(): void }) {
  return (
    <div role="status" className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <MapPinOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p className="flex-1">{message}</p>
      <button type="button" onClick={onDismiss} aria-label="Dismiss location message" className="rounded p-1 hover:bg-amber-100">
        <X className="h-4 w-4" aria-hidden />
      </button>
    </div>
  );
}
