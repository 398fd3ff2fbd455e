import type L from 'leaflet';

/** Room kept between an open popup (and its truck's pin) and the map's edges, in pixels. */
export const POPUP_EDGE = 8;

/**
 * Pans the map by the least that puts `popup` — and the pin it points at — inside the map, with
 * POPUP_EDGE to spare; when both cannot fit, the popup's top (its title) wins, as in Leaflet.
 *
 * Leaflet's own autoPan measures the popup once, as it opens. Ours grows after that (the
 * description, the favourite and share buttons and the next stop are rendered into it by React
 * once it is open), upwards, since a popup hangs from its pin: measured at opening, a popup
 * opened by a link or the voice assistant ended with its title above the map's top edge.
 */
export function panPopupIntoView(map: L.Map, popup: L.Popup): void {
  const element = popup.getElement();
  const latLng = popup.getLatLng();
  if (!element || !latLng || !popup.isOpen()) return;
  const container = map.getContainer().getBoundingClientRect();
  const box = element.getBoundingClientRect();
  const pin = map.latLngToContainerPoint(latLng);
  const size = map.getSize();
  const top = box.top - container.top;
  const bottom = Math.max(box.bottom - container.top, pin.y);
  const left = box.left - container.left;
  const right = box.right - container.left;
  let dy = 0;
  if (bottom + POPUP_EDGE > size.y) dy = bottom + POPUP_EDGE - size.y;
  if (top - dy < POPUP_EDGE) dy = top - POPUP_EDGE;
  // The zoom buttons sit above the popups in the top-left corner: keep the popup's title clear of
  // them, beside them when the map is wide enough (a phone's is), else below them.
  let leftEdge = POPUP_EDGE;
  const corner = topLeftControls(map, container);
  if (corner && top - dy < corner.bottom + POPUP_EDGE) {
    if (corner.right + POPUP_EDGE + box.width + POPUP_EDGE <= size.x) leftEdge = corner.right + POPUP_EDGE;
    else dy = top - (corner.bottom + POPUP_EDGE);
  }
  let dx = 0;
  if (right + POPUP_EDGE > size.x) dx = right + POPUP_EDGE - size.x;
  if (left - dx < leftEdge) dx = left - leftEdge;
  if (Math.abs(dx) >= 1 || Math.abs(dy) >= 1) map.panBy([Math.round(dx), Math.round(dy)]);
}

/** The box of the map's top-left controls (the zoom buttons), in the map's coordinates, or null. */
function topLeftControls(map: L.Map, container: DOMRect): { right: number; bottom: number } | null {
  const controls = map.getContainer().querySelectorAll('.leaflet-top.leaflet-left > .leaflet-control');
  let right = 0;
  let bottom = 0;
  for (const control of controls) {
    const box = control.getBoundingClientRect();
    right = Math.max(right, box.right - container.left);
    bottom = Math.max(bottom, box.bottom - container.top);
  }
  return controls.length ? { right, bottom } : null;
}

/** How long after the diner lifts their finger from a popup it stays still, for the tap's click. */
export const TAP_SETTLE_MS = 300;

/**
 * Keeps the map's open popup in view for as long as it is open: at opening and whenever its size
 * changes (content rendered into it late, the map resized). While the diner's finger (or mouse
 * button) is down on the popup, and for TAP_SETTLE_MS after, the map does not move: a pan under
 * the finger sent the tap to whatever came under it (on a slow phone the popup's content arrives
 * as the diner reaches for its buttons); a pan under way stops, and one the popup needs is made
 * once the tap is over. Returns the clean-up.
 */
export function keepOpenPopupInView(map: L.Map): () => void {
  let open: L.Popup | null = null;
  let openElement: HTMLElement | null = null;
  let pressed = false;
  let settle: ReturnType<typeof setTimeout> | undefined;
  const observer = new ResizeObserver(() => {
    if (open && !pressed) panPopupIntoView(map, open);
  });
  const onPress = () => {
    clearTimeout(settle);
    pressed = true;
    map.stop();
  };
  const onRelease = () => {
    if (!pressed) return;
    clearTimeout(settle);
    settle = setTimeout(() => {
      pressed = false;
      if (open) panPopupIntoView(map, open);
    }, TAP_SETTLE_MS);
  };
  const release = () => {
    openElement?.removeEventListener('pointerdown', onPress);
    openElement = null;
    clearTimeout(settle);
    pressed = false;
  };
  const onOpen = (event: L.PopupEvent) => {
    const element = event.popup.getElement();
    if (!element) return;
    observer.disconnect();
    release();
    open = event.popup;
    openElement = element;
    element.addEventListener('pointerdown', onPress);
    // Observing fires once at the start: that is the pan of the opening.
    observer.observe(element);
  };
  const onClose = (event: L.PopupEvent) => {
    if (event.popup !== open) return;
    observer.disconnect();
    release();
    open = null;
  };
  // The finger may leave the popup before it lifts: its release is heard on the document.
  // In the capture phase: nothing under it can stop it from being heard.
  document.addEventListener('pointerup', onRelease, true);
  document.addEventListener('pointercancel', onRelease, true);
  map.on('popupopen', onOpen);
  map.on('popupclose', onClose);
  return () => {
    observer.disconnect();
    release();
    document.removeEventListener('pointerup', onRelease, true);
    document.removeEventListener('pointercancel', onRelease, true);
    map.off('popupopen', onOpen);
    map.off('popupclose', onClose);
  };
}
