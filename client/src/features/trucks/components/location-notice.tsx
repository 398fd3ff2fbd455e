import MapPinOff from 'lucide-react/icons/map-pin-off';
import X from 'lucide-react/icons/x';
import { useEffect, useRef, useState } from 'react';
import { SERVER_NOTICE_ATTRIBUTE } from '../lib/diner-position';

/**
 * A location alert of spec section 8, inline and dismissible (docs/decisions/0040). It lies over the
 * map, so on a phone it is set small: the map there is 280 px high.
 */
export function LocationNotice({
  message,
  onDismiss,
  focusDismiss = false,
}: {
  message: string;
  onDismiss(): void;
  /** Opened again from its folded button: the keyboard's focus goes on in it, not to the page's top. */
  focusDismiss?: boolean;
}) {
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-2.5 py-1.5 text-xs leading-snug text-amber-950 sm:gap-3 sm:p-3 sm:text-sm"
    >
      <MapPinOff className="mt-0.5 hidden h-4 w-4 shrink-0 sm:block" aria-hidden />
      <p className="flex-1">{message}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss location message"
        className="rounded p-1 hover:bg-amber-100"
        // Only when the diner opened it again with its folded button: the focus goes on in it.
        autoFocus={focusDismiss}
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
    </div>
  );
}

/**
 * The location notice over the map's bottom edge (ADR 0040). Once the diner puts a finger or the
 * mouse on the map (to drag it, or to tap a pin that lay under the notice), it folds into a small
 * button in the map's corner that opens it again: a pin under it could not be seen or tapped. It
 * steps aside while a truck's popup is open (the map's `group/map`).
 */
export function MapLocationNotice({
  message,
  onDismiss,
  hidden = false,
}: {
  message: string;
  onDismiss(): void;
  /**
   * The server's placeholder, kept while its HTML hydrates (`useDinerPosition`'s `noticeSlot`): the
   * page's first script shows it as soon as the browser refuses the position (`showServerNotice`).
   */
  hidden?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [folded, setFolded] = useState(false);
  const [unfolded, setUnfolded] = useState(false);
  useEffect(() => {
    const map = ref.current?.parentElement;
    if (!map || folded) return;
    // Heard before Leaflet (capture), which stops some presses from reaching the map's element. A
    // press in an open popup (its buttons, its close button) is not one on the map: the notice it
    // stepped aside for comes back as it was.
    const fold = (event: PointerEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target && (ref.current?.contains(target) || target.closest('.leaflet-popup'))) return;
      setFolded(true);
    };
    map.addEventListener('pointerdown', fold, { capture: true });
    return () => map.removeEventListener('pointerdown', fold, { capture: true });
  }, [folded]);
  return (
    <div
      ref={ref}
      hidden={hidden}
      {...{ [SERVER_NOTICE_ATTRIBUTE]: '' }}
      className={
        folded
          ? 'absolute bottom-7 left-2 z-[1100] group-has-[.leaflet-popup]/map:invisible'
          : 'absolute inset-x-2 bottom-7 z-[1100] rounded-lg shadow-md group-has-[.leaflet-popup]/map:invisible'
      }
    >
      {folded ? (
        <button
          type="button"
          onClick={() => {
            setFolded(false);
            setUnfolded(true);
          }}
          aria-label="Show location message"
          title={message}
          className="flex h-9 w-9 items-center justify-center rounded-full border border-amber-300 bg-amber-50 text-amber-950 shadow-md hover:bg-amber-100"
        >
          <MapPinOff className="h-4 w-4" aria-hidden />
        </button>
      ) : (
        <LocationNotice message={message} onDismiss={onDismiss} focusDismiss={unfolded} />
      )}
    </div>
  );
}
