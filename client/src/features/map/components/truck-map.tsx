import './leaflet-setup';
import 'leaflet.markercluster';
import type { TruckSummary } from '@shared/contracts';
import { TRUCK_FIT_TEXT, type Fit } from '@shared/utils/attributes';
import L from 'leaflet';
import { memo, startTransition, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CircleMarker, MapContainer, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { useLocation } from 'wouter';
import { TruckDescription } from '@client/entities/truck/truck-parts';
import { TruckFeatureBadges } from '@client/entities/truck/truck-attributes';
import { hasCoordinates, isScheduled, isStale, shownOpen } from '@client/entities/truck/truck-format';
import { OSM_TILES, truckIcon } from './leaflet-setup';
import { keepOpenPopupInView, panPopupIntoView } from './popup-in-view';
import { framePadding, keepingSpread, padClusterZoom, spreadAtLastZoom } from './map-frame';
import { Skeleton } from '@client/components/ui/skeleton';
import { useStagesDue } from './use-stages-due';
import { buildTruckPopup, IN_APP_LINK, TruckPopup } from './truck-popup';

/**
 * Cluster bubbles are pointer shortcuts (zoom into the bubble), not keyboard stops: their positions
 * follow their trucks, so two bubbles can overlap, and overlapping focusable targets fail WCAG 2.5.8
 * (axe target-size). Every truck they hold is a card of the list beside the map, and a truck's own
 * marker stays focusable once zoomed in. Without `keyboard`, Leaflet gives them no tabindex or role.
 */
L.MarkerCluster.mergeOptions({ keyboard: false });

/**
 * Markers added to the map per task. A city's 100 trucks in one go took one 40–80 ms task on this
 * machine (a 160–320 ms block on a mid-range phone, issue 33): markercluster's own chunking checks
 * the clock only every 200 markers. A batch of 20 is a few ms; the rest follow in the next tasks.
 */
const MARKER_BATCH = 20;
/**
 * How long one task goes on adding batches. One batch per task left the main thread idle for most
 * of a 10,000-truck city's load (500 timers, each clamped to 4 ms by the browser): a `?truck=`
 * link, whose popup waits for every marker, opened after 5 s. In wall-clock time, so a slow phone
 * gets as short tasks as a fast laptop (at least one batch each).
 */
const MARKER_TASK_MS = 12;

/** Spec section 9: default centre and zooms. */
export const DEFAULT_CENTER: L.LatLngTuple = [39.83, -98.58];
export const DEFAULT_ZOOM = 4;
export const POSITION_ZOOM = 11;
export const TRUCK_ZOOM = 17;

interface LatLng {
  lat: number;
  lng: number;
}

export interface TruckMapProps {
  trucks: readonly TruckSummary[];
  position: LatLng | null;
  /** `?truck={id}`: centre on it at zoom 17 with its popup open. */
  focusTruckId: number | null;
  /** Changes to centre on the same truck again (a repeated recommendation). */
  focusKey?: number;
  /** Rendered inside the open popup (the favourite button), composed by the screen. */
  renderPopupExtra?: (truck: TruckSummary) => ReactNode;
  /**
   * A diner opened a truck's popup (a tap or click on its pin, or a link to the truck): once per
   * opening — not when the map reopens it itself (its marker moved, or rejoined the map) nor when
   * its content is redrawn. The screen counts it as a card view (issue 31).
   */
  onPopupOpen?: (truck: TruckSummary) => void;
  /**
   * How each truck's menu fits the signed-in customer's saved dietary needs (issue 28): a truck
   * with nothing they can eat ('conflicts') gets a dimmed marker that says why — never hidden.
   */
  fitOf?: ((truck: TruckSummary) => Fit) | undefined;
}

/** Where the open popup wants its extra content: the truck and the popup's slot element. */
interface PopupSlot {
  truckId: number;
  element: HTMLElement;
  description: HTMLElement;
}

interface Entry {
  marker: L.Marker;
  truck: TruckSummary;
  fit: Fit;
}

/** How many times the diner has closed each marker's popup (its close button, the map, Escape). */
const closedByDiner = new WeakMap<L.Marker, number>();

/**
 * The zoom of the smallest bubble markercluster keeps the marker in (its own `__parent`, which
 * its `zoomToShowLayer` reads too), or undefined when the marker is in none.
 */
function smallestBubbleZoom(marker: L.Marker): number | undefined {
  const bubble: unknown = Reflect.get(marker, '__parent');
  if (!(bubble instanceof L.MarkerCluster)) return undefined;
  const zoom: unknown = Reflect.get(bubble, '_zoom');
  return typeof zoom === 'number' ? zoom : undefined;
}

/**
 * Shows the marker (zooming into or spreading out its bubble) and opens its popup once it is
 * shown (which can take a moment on a busy phone), unless the diner closed that popup in the
 * meantime: a popup they closed must not come back by itself. `onOpened` hears of an opening this
 * call made (a popup already open, or opened meanwhile by the map, is not one).
 *
 * A truck parked beside others (a market) stays in a bubble even at the map's last zoom, which
 * opens into a spider there: `spreadAtLastZoom`.
 */
function showAndOpen(map: L.Map, group: L.MarkerClusterGroup, marker: L.Marker, onOpened?: () => void): void {
  const closes = closedByDiner.get(marker) ?? 0;
  const open = () => {
    if ((closedByDiner.get(marker) ?? 0) !== closes || marker.isPopupOpen()) return;
    marker.openPopup();
    if (marker.isPopupOpen()) onOpened?.();
  };
  const atLastZoom = !map.hasLayer(marker) && (smallestBubbleZoom(marker) ?? -1) >= map.getMaxZoom();
  if (!atLastZoom || !spreadAtLastZoom(map, group, marker, open)) group.zoomToShowLayer(marker, open);
}

/** Positions older than an hour are dimmed: the truck may have moved since (honest freshness). */
const positionOpacity = (truck: TruckSummary, now = Date.now()) => (!isScheduled(truck) && isStale(truck, now) ? 0.45 : 1);

/**
 * The marker's name for screen readers (Leaflet names it by its image's `alt`): the truck, open or
 * closed, and why it is dimmed when it is.
 */
function markerName(truck: TruckSummary, fit: Fit): string {
  const status = isScheduled(truck) ? 'scheduled' : truck.isOpen ? 'open' : 'closed';
  return fit === 'conflicts'
    ? `${truck.name} (${status}; ${TRUCK_FIT_TEXT.conflicts.toLowerCase()})`
    : `${truck.name} (${status})`;
}

/**
 * Shows a changed status or fit on a marker: its icon and its name. Leaflet sets `alt` only on an
 * image it creates, and reuses the image when only the icon's class changes: so both are set here.
 */
function restyleMarker(marker: L.Marker, truck: TruckSummary, fit: Fit) {
  marker.options.alt = markerName(truck, fit);
  marker.setIcon(truckIcon(shownOpen(truck), fit === 'conflicts'));
  marker.getElement()?.setAttribute('alt', marker.options.alt);
}

function createMarker(
  truck: TruckSummary,
  fit: Fit,
  latest: () => TruckSummary,
  onSlot: (slot: PopupSlot | null) => void,
  onOpen: (truck: TruckSummary) => void,
): L.Marker {
  const marker = L.marker([truck.latitude ?? 0, truck.longitude ?? 0], {
    icon: truckIcon(shownOpen(truck), fit === 'conflicts'),
    title: truck.name,
    alt: markerName(truck, fit),
    keyboard: true,
    opacity: positionOpacity(truck),
  });
  // Content is built when the popup opens, from the entry's latest truck.
  marker.bindPopup(
    // No Leaflet autoPan: it measures the popup only as it opens, before React renders the rest of
    // it; keepOpenPopupInView pans for it at opening and as it grows. The popup's height is capped
    // by the map's (truck-map.css), so popup and pin fit a phone's 280-px map together.
    new TruckPopup({ autoPan: false, className: 'truck-map-popup' }).setContent(() => {
      const current = latest();
      const element = document.createElement('span');
      // Its content takes part in the popup's row itself (find-trucks.tsx's renderPopupExtra).
      element.className = 'contents';
      const description = document.createElement('div');
      onSlot({ truckId: current.id, element, description });
      return buildTruckPopup(current, { extra: element, description });
    }),
  );
  // The cluster group takes a shown marker off the map and puts it straight back when another
  // truck joins its cluster (at any zoom, even one far out), and a marker taken off the map closes
  // its popup: a popup closed that way opens again when the marker is back (customers.spec: the
  // linked truck's popup closed as another spec's truck appeared on the map).
  let reopen = false;
  marker.on('popupclose', () => {
    onSlot(null);
    if (marker.getElement()) {
      // Closed by the diner (its close button, the map, Escape).
      closedByDiner.set(marker, (closedByDiner.get(marker) ?? 0) + 1);
      return;
    }
    reopen = true;
    setTimeout(() => (reopen = false), 0);
  });
  marker.on('add', () => {
    if (!reopen) return;
    reopen = false;
    marker.openPopup();
  });
  // The diner's openings are their own acts: a tap, click or Enter on the pin (Leaflet's handlers,
  // bound with the popup, have toggled it by then) and a link to the truck (the focus, below). The
  // map's reopenings (the marker moved, or rejoined the map) are not, and need no bookkeeping.
  const openedByDiner = () => {
    if (marker.isPopupOpen()) onOpen(latest());
  };
  marker.on('click', openedByDiner);
  marker.on('keypress', (event) => {
    if (event.originalEvent.key === 'Enter') openedByDiner();
  });
  return marker;
}

/**
 * The trucks as clustered markers. Markers are kept by truck id and only the changed ones are
 * touched, so a live update or a 304 refetch of 10,000 trucks does no work for the unchanged ones.
 */
/**
 * A popup's links to the app's own pages (IN_APP_LINK, truck-popup.ts) are followed in-app, as a
 * `<Link>` is: no page load, and Back comes to this screen as it was. The popup is Leaflet's DOM,
 * outside React, so one listener on the map takes their clicks. A click with a modifier key (a new
 * tab or window) is left to the browser.
 */
function InAppLinks(): null {
  const map = useMap();
  const [, navigate] = useLocation();
  useEffect(() => {
    const container = map.getContainer();
    const follow = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest(`a[${IN_APP_LINK}]`) : null;
      const href = link?.getAttribute('href');
      if (!href) return;
      event.preventDefault();
      navigate(href);
    };
    container.addEventListener('click', follow);
    return () => container.removeEventListener('click', follow);
  }, [map, navigate]);
  return null;
}

function ClusteredTrucks({
  trucks,
  focusTruckId,
  focusKey,
  fitOf,
  onSlot,
  onOpen,
}: Pick<TruckMapProps, 'trucks' | 'focusTruckId' | 'focusKey' | 'fitOf'> & {
  onSlot: (slot: PopupSlot | null) => void;
  /** Stable (markers keep the one they were made with). */
  onOpen: (truck: TruckSummary) => void;
}) {
  const map = useMap();
  const groupRef = useRef<L.MarkerClusterGroup | null>(null);
  const entries = useRef(new Map<number, Entry>());
  const focusedRef = useRef<string | null>(null);
  /**
   * Markers made but not yet on the map, added a batch per task (MARKER_BATCH), and what waits for
   * them all: a linked truck's opening (each batch would close the bubble it spiderfies).
   */
  const waiting = useRef<{ markers: L.Marker[]; timer: number | undefined; then: (() => void) | undefined }>({
    markers: [],
    timer: undefined,
    then: undefined,
  });
  /** The marker whose popup opened last (open or not now). */
  const lastOpened = useRef<L.Marker | null>(null);

  useEffect(() => {
    // Measured with 10,000 trucks (npm run bench:map, docs/benchmarks/find-trucks-map.md):
    // - clustering them takes a few hundred ms: in slices of 50 ms (plugin default 200 ms) with a
    //   frame's pause between them, so the page keeps answering while the trucks load;
    // - the plugin's split/merge animation restyles every marker icon on each zoom (style recalcs,
    //   long tasks up to 330 ms, ~30 fps); without it (the map's own zoom animation stays) ~50 fps.
    const group = L.markerClusterGroup({
      chunkedLoading: true,
      chunkInterval: 50,
      chunkDelay: 16,
      animate: false,
      showCoverageOnHover: false,
      maxClusterRadius: 60,
      // A bubble spread at the last zoom (trucks side by side) puts its pins twice the plugin's
      // distance apart: at its 25 px, a phone's 25 × 41 pins covered each other's middles.
      spiderfyDistanceMultiplier: 2,
    });
    padClusterZoom(group, map);
    group.on('popupopen', (event) => {
      if ('layer' in event && event.layer instanceof L.Marker) lastOpened.current = event.layer;
    });
    map.addLayer(group);
    groupRef.current = group;
    const current = entries.current;
    const stopKeepingPopupInView = keepOpenPopupInView(map);
    const queue = waiting.current;
    return () => {
      window.clearTimeout(queue.timer);
      queue.markers = [];
      queue.then = undefined;
      stopKeepingPopupInView();
      map.removeLayer(group);
      groupRef.current = null;
      current.clear();
    };
  }, [map]);

  // Positions age without any change arriving: re-check the dimming every minute.
  useEffect(() => {
    const timer = setInterval(() => {
      const now = Date.now();
      for (const entry of entries.current.values())
        entry.marker.setOpacity(positionOpacity(entry.truck, now));
    }, 60_000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    const group = groupRef.current;
    if (!group) return;
    // A change near the bubble spread out folds it (keepingSpread), taking its markers off the map
    // and closing the popup one of them had: a popup closed that way is shown again.
    const openPopup = () => (lastOpened.current?.isPopupOpen() ? lastOpened.current : null);
    const keepingPopup = (markers: readonly L.Marker[], places: readonly L.LatLng[], change: () => void) => {
      const open = openPopup();
      keepingSpread(map, group, markers, places, change);
      if (open && !open.isPopupOpen() && group.hasLayer(open)) showAndOpen(map, group, open);
    };
    const adding = (markers: L.Marker[]) =>
      keepingPopup(markers, markers.map((marker) => marker.getLatLng()), () => group.addLayers(markers));
    // Whatever is still waiting joins the map first: everything below sees every marker on it.
    const queue = waiting.current;
    window.clearTimeout(queue.timer);
    const runWaiting = () => {
      const then = queue.then;
      queue.then = undefined;
      then?.();
    };
    if (queue.markers.length) adding(queue.markers.splice(0));
    runWaiting();
    const wanted = new Map<number, TruckSummary>();
    for (const t of trucks) if (hasCoordinates(t)) wanted.set(t.id, t);

    const toRemove: L.Marker[] = [];
    const toAdd: L.Marker[] = [];
    /** Markers to re-add, with what they show next: moved, or with a new icon. */
    const toReadd: { entry: Entry; next: TruckSummary; fit: Fit }[] = [];
    const fitFor = (truck: TruckSummary): Fit => fitOf?.(truck) ?? 'unknown';
    for (const [id, entry] of entries.current) {
      const next = wanted.get(id);
      if (!next) {
        toRemove.push(entry.marker);
        entries.current.delete(id);
        continue;
      }
      // Saved needs change without the truck changing, and a menu change changes the truck.
      const fit = fitFor(next);
      if (next === entry.truck && fit === entry.fit) continue;
      const moved = next.latitude !== entry.truck.latitude || next.longitude !== entry.truck.longitude;
      const statusChanged = shownOpen(next) !== shownOpen(entry.truck);
      // Its name too: a truck open now where the look-ahead places it is 'scheduled' there then.
      const restyle = fit !== entry.fit || isScheduled(next) !== isScheduled(entry.truck);
      entry.truck = next;
      entry.fit = fit;
      entry.marker.setOpacity(positionOpacity(next));
      if (moved || statusChanged) {
        // The cluster index must learn the new position / icon: re-added below (its popup, if
        // open, is shown again by keepingPopup).
        toReadd.push({ entry, next, fit });
      } else {
        // Same place, same icon size: restyled where it stands, the popup (if open) kept open.
        if (restyle) restyleMarker(entry.marker, next, fit);
        if (entry.marker.isPopupOpen()) entry.marker.getPopup()?.update();
      }
    }
    for (const [id, truck] of wanted) {
      if (entries.current.has(id)) continue;
      const fit = fitFor(truck);
      const entry: Entry = {
        truck,
        fit,
        marker: createMarker(truck, fit, () => entry.truck, onSlot, onOpen),
      };
      entries.current.set(id, entry);
      toAdd.push(entry.marker);
    }
    // The focused truck's marker first: it is opened below, so it must be on the map now.
    const focused = focusTruckId === null ? undefined : entries.current.get(focusTruckId)?.marker;
    if (focused && toAdd.includes(focused)) toAdd.sort((a, b) => Number(b === focused) - Number(a === focused));
    const addNow = toAdd.slice(0, MARKER_BATCH);
    const changed = [...toRemove, ...addNow, ...toReadd.map(({ entry }) => entry.marker)];
    keepingPopup(
      changed,
      [
        ...changed.map((marker) => marker.getLatLng()),
        ...toReadd.map(({ next }) => L.latLng(next.latitude ?? 0, next.longitude ?? 0)),
      ],
      () => {
        for (const { entry, next, fit } of toReadd) {
          group.removeLayer(entry.marker);
          entry.marker.setLatLng([next.latitude ?? 0, next.longitude ?? 0]);
          restyleMarker(entry.marker, next, fit);
          group.addLayer(entry.marker);
        }
        if (toRemove.length) group.removeLayers(toRemove);
        if (addNow.length) group.addLayers(addNow);
      },
    );
    queue.markers = toAdd.slice(MARKER_BATCH);
    const addNextBatch = () => {
      const started = performance.now();
      do adding(queue.markers.splice(0, MARKER_BATCH));
      while (queue.markers.length && performance.now() - started < MARKER_TASK_MS);
      if (queue.markers.length) queue.timer = window.setTimeout(addNextBatch, 0);
      else {
        queue.timer = undefined;
        runWaiting();
      }
    };
    if (queue.markers.length) queue.timer = window.setTimeout(addNextBatch, 0);

    const focus = `${focusTruckId}:${focusKey ?? ''}`;
    if (focusTruckId !== null && focusedRef.current !== focus) {
      const entry = entries.current.get(focusTruckId);
      if (entry) {
        focusedRef.current = focus;
        map.setView(entry.marker.getLatLng(), TRUCK_ZOOM, { animate: false });
        // Its popup already open (the same truck asked about twice): centring the pin put the
        // popup's top above the map, and nothing opens to pan it back.
        const popup = entry.marker.getPopup();
        if (popup && entry.marker.isPopupOpen()) panPopupIntoView(map, popup);
        const open = () => showAndOpen(map, group, entry.marker, () => onOpen(entry.truck));
        if (queue.markers.length) queue.then = open;
        else open();
      }
    }
  }, [trucks, focusTruckId, focusKey, fitOf, map, onSlot, onOpen]);

  return null;
}

/**
 * Without the diner's position or a linked truck, the map opens on the trucks rather than on the
 * middle of the US (ADR 0178): at the spec's zoom 4 a phone's 280-px map showed a city's trucks as
 * one bubble at its bottom edge, under the attribution, or not at all. Once: never after the diner
 * has moved the map, nor when trucks come and go; their position, once known, takes over.
 */
function FrameTrucks({ trucks, position, focusTruckId }: Pick<TruckMapProps, 'trucks' | 'position' | 'focusTruckId'>) {
  const map = useMap();
  const settled = useRef(false);
  useEffect(() => {
    const byDiner = () => (settled.current = true);
    map.on('dragstart zoomstart', byDiner);
    return () => {
      map.off('dragstart zoomstart', byDiner);
    };
  }, [map]);
  useEffect(() => {
    if (settled.current) return;
    if (position || focusTruckId !== null) {
      settled.current = true;
      return;
    }
    const points = trucks.filter(hasCoordinates).map((t) => L.latLng(t.latitude, t.longitude));
    if (points.length === 0) return;
    settled.current = true;
    map.fitBounds(L.latLngBounds(points), {
      ...framePadding(map),
      maxZoom: POSITION_ZOOM,
      animate: false,
    });
  }, [trucks, position, focusTruckId, map]);
  return null;
}

/** Centres on the diner once their position is known (unless a truck is focused). */
function FollowPosition({ position, focusTruckId }: Pick<TruckMapProps, 'position' | 'focusTruckId'>) {
  const map = useMap();
  const lat = position?.lat;
  const lng = position?.lng;
  useEffect(() => {
    if (lat === undefined || lng === undefined || focusTruckId !== null) return;
    map.setView([lat, lng], POSITION_ZOOM);
  }, [lat, lng, focusTruckId, map]);
  return null;
}

/**
 * The find-trucks map: OpenStreetMap tiles, clustered truck markers, the diner's position. Lazy-loaded.
 * Memoised: the page re-renders for each key typed in its search box, the map only for new trucks.
 */
export default memo(function TruckMap({
  trucks,
  position,
  focusTruckId,
  focusKey,
  renderPopupExtra,
  onPopupOpen,
  fitOf,
}: TruckMapProps) {
  const [slot, setSlot] = useState<PopupSlot | null>(null);
  // Markers outlive renders: they call the screen's latest callback through a ref.
  const onPopupOpenRef = useRef(onPopupOpen);
  useEffect(() => {
    onPopupOpenRef.current = onPopupOpen;
  }, [onPopupOpen]);
  const onOpen = useCallback((truck: TruckSummary) => onPopupOpenRef.current?.(truck), []);
  // The popup Leaflet builds paints with the tap; its React parts (favourite, going, description,
  // badges) follow in a render of their own rather than holding that paint back (INP, issue 33).
  const fillSlot = useCallback((next: PopupSlot | null) => startTransition(() => setSlot(next)), []);
  // The map, then its view (framed on the trucks or the diner), its tiles and its markers, each a
  // frame after the other (use-stages-due.ts): framing measures the map's box and what lies over
  // it, a second forced layout that made the map's own task 34-50 ms (Lighthouse traces, issue 33).
  const stagesDue = useStagesDue(4);
  const slotTruck = slot ? trucks.find((t) => t.id === slot.truckId) : undefined;
  const slotFit = slotTruck && fitOf ? fitOf(slotTruck) : 'unknown';
  // Until then, the skeleton the screen showed while the map loaded.
  if (stagesDue < 1) return <Skeleton still className="h-full w-full rounded-none" />;
  return (
    <MapContainer
      center={DEFAULT_CENTER}
      zoom={DEFAULT_ZOOM}
      className="truck-map h-full w-full"
      scrollWheelZoom
      worldCopyJump
      // Tiles appear as they arrive: their fade-in drew a frame of the whole page for each tile
      // (Leaflet's _updateOpacity, 13 frames of a /find-trucks load, issue 33).
      fadeAnimation={false}
    >
      {/* Before the tiles: they load for the view the map opens on. */}
      {stagesDue >= 2 && <FrameTrucks trucks={trucks} position={position} focusTruckId={focusTruckId} />}
      {stagesDue >= 3 && <TileLayer {...OSM_TILES} />}
      {stagesDue >= 4 && (
        <ClusteredTrucks
          trucks={trucks}
          focusTruckId={focusTruckId}
          focusKey={focusKey}
          fitOf={fitOf}
          onSlot={fillSlot}
          onOpen={onOpen}
        />
      )}
      {slot && slotTruck && renderPopupExtra && createPortal(renderPopupExtra(slotTruck), slot.element)}
      {slot &&
        createPortal(
          <>
            <TruckDescription truckId={slot.truckId} className="!m-0" />
            {slotTruck && <TruckFeatureBadges truck={slotTruck} className="!mt-1.5 !mb-0 list-none !pl-0" />}
            {slotFit !== 'unknown' && (
              <p className="!mt-1 !mb-0 text-xs font-medium text-gray-700" data-testid="diet-fit">
                {TRUCK_FIT_TEXT[slotFit]}
              </p>
            )}
          </>,
          slot.description,
        )}
      {stagesDue >= 2 && <FollowPosition position={position} focusTruckId={focusTruckId} />}
      {stagesDue >= 4 && <InAppLinks />}
      {stagesDue >= 2 && position && (
        <CircleMarker
          center={[position.lat, position.lng]}
          radius={8}
          pathOptions={{ color: '#ffffff', weight: 2, fillColor: '#2563eb', fillOpacity: 1 }}
        >
          <Tooltip>You are here</Tooltip>
        </CircleMarker>
      )}
    </MapContainer>
  );
});
