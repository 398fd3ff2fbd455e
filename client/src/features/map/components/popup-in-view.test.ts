import type L from 'leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepOpenPopupInView, panPopupIntoView, TAP_SETTLE_MS } from './popup-in-view';

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const withBox = <T extends Element>(element: T, box: Box): T => {
  element.getBoundingClientRect = () =>
    ({
      ...box,
      x: box.left,
      y: box.top,
      right: box.left + box.width,
      bottom: box.top + box.height,
    }) as DOMRect;
  return element;
};

/**
 * A map `size` wide and high at (100, 200) on the page, with the zoom buttons (34×64 at 10 px from
 * its top-left corner), its open popup at `popup` (map coordinates) and the pin's foot at `pin`.
 */
function fakeMap(size: { x: number; y: number }, popup: Box, pin: { x: number; y: number }) {
  const origin = { left: 100, top: 200 };
  const container = withBox(document.createElement('div'), { ...origin, width: size.x, height: size.y });
  container.innerHTML = '<div class="leaflet-top leaflet-left"><div class="leaflet-control"></div></div>';
  withBox(container.querySelector('.leaflet-control')!, {
    left: origin.left + 10,
    top: origin.top + 10,
    width: 34,
    height: 64,
  });
  const element = withBox(document.createElement('div'), {
    ...popup,
    left: popup.left + origin.left,
    top: popup.top + origin.top,
  });
  const panBy = vi.fn();
  const map = {
    getContainer: () => container,
    getSize: () => size,
    latLngToContainerPoint: () => pin,
    panBy,
  } as unknown as L.Map;
  const open = {
    getElement: () => element,
    getLatLng: () => ({ lat: 0, lng: 0 }),
    isOpen: () => true,
  } as unknown as L.Popup;
  return { map, open, element, panBy };
}

function setup(size: { x: number; y: number }, popup: Box, pin: { x: number; y: number }) {
  const { map, open, panBy } = fakeMap(size, popup, pin);
  panPopupIntoView(map, open);
  return panBy;
}

const PHONE = { x: 326, y: 278 };
const POPUP = { width: 255, height: 200 };

describe('panPopupIntoView', () => {
  it('leaves a popup and pin that are inside the map where they are', () => {
    expect(setup(PHONE, { left: 60, top: 20, ...POPUP }, { x: 188, y: 250 })).not.toHaveBeenCalled();
  });

  it('brings a popup that grew above the top edge back, 8 px from it', () => {
    // The description rendered after opening made it 120 px taller, upwards.
    expect(setup(PHONE, { left: 60, top: -100, ...POPUP }, { x: 188, y: 250 })).toHaveBeenCalledWith([
      0, -108,
    ]);
  });

  it('keeps the pin inside the map under its popup', () => {
    expect(setup(PHONE, { left: 60, top: 60, ...POPUP }, { x: 188, y: 300 })).toHaveBeenCalledWith([0, 30]);
  });

  it('favours the popup’s top when popup and pin cannot both fit', () => {
    expect(
      setup(PHONE, { left: 60, top: -50, width: 255, height: 340 }, { x: 188, y: 330 }),
    ).toHaveBeenCalledWith([0, -58]);
  });

  it('moves the popup beside the zoom buttons when they would cover its title and the map is wide enough', () => {
    expect(setup(PHONE, { left: 20, top: 20, ...POPUP }, { x: 148, y: 250 })).toHaveBeenCalledWith([-32, 0]);
  });

  it('moves it below the zoom buttons on a map too narrow to have it beside them', () => {
    expect(
      setup({ x: 290, y: 400 }, { left: 20, top: 20, ...POPUP }, { x: 148, y: 250 }),
    ).toHaveBeenCalledWith([0, -62]);
  });
});

describe('keepOpenPopupInView', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('pans as the open popup grows, but never under the diner’s finger: after the tap, once it has settled', () => {
    vi.useFakeTimers();
    let resized = () => {};
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resized = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    // A popup whose content came in late: it grew above the map's top edge.
    const { map, open, element, panBy } = fakeMap(PHONE, { left: 60, top: -100, ...POPUP }, { x: 188, y: 250 });
    const handlers = new Map<string, (event: L.PopupEvent) => void>();
    const stop = vi.fn();
    Object.assign(map, {
      on: (type: string, handler: (event: L.PopupEvent) => void) => handlers.set(type, handler),
      off: (type: string) => handlers.delete(type),
      stop,
    });
    document.body.append(element);
    const cleanUp = keepOpenPopupInView(map);
    handlers.get('popupopen')!({ popup: open } as L.PopupEvent);
    resized();
    expect(panBy).toHaveBeenCalledTimes(1);

    // The diner's finger comes down on the popup: a pan under way stops, and growth waits.
    element.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(stop).toHaveBeenCalled();
    resized();
    expect(panBy).toHaveBeenCalledTimes(1);
    // It lifts (its click lands where it was aimed); the map stays still a moment longer, then pans.
    element.dispatchEvent(new Event('pointerup', { bubbles: true }));
    vi.advanceTimersByTime(TAP_SETTLE_MS - 1);
    expect(panBy).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(panBy).toHaveBeenCalledTimes(2);

    // Closed, and cleaned up: nothing more.
    handlers.get('popupclose')!({ popup: open } as L.PopupEvent);
    resized();
    expect(panBy).toHaveBeenCalledTimes(2);
    cleanUp();
    expect(handlers.size).toBe(0);
    element.remove();
  });
});
