import L from 'leaflet';
import 'leaflet.markercluster';
import { afterEach, describe, expect, it } from 'vitest';
import { keepingSpread, zoomIntoCluster, type FramePadding } from './map-frame';

/** A phone's map: 360 × 280 px (ADR 0040). */
const SIZE = { x: 360, y: 280 };
const PADDING: FramePadding = { paddingTopLeft: L.point(56, 48), paddingBottomRight: L.point(28, 48) };

/**
 * Three trucks 0.04° apart along a street running north: one bubble at zoom 10, and a span that
 * the whole 280 px fit at zoom 12 with 5 px to spare, so the plugin's unpadded fit put the southern
 * pin at the bottom edge, under the attribution.
 */
const TRUCKS: L.LatLngTuple[] = [
  [30.3, -97.74],
  [30.26, -97.74],
  [30.22, -97.74],
];

let map: L.Map | null = null;
afterEach(() => {
  map?.remove();
  map = null;
});

function clusteredMap() {
  const element = document.createElement('div');
  Object.defineProperty(element, 'clientWidth', { value: SIZE.x });
  Object.defineProperty(element, 'clientHeight', { value: SIZE.y });
  document.body.append(element);
  map = L.map(element, { maxZoom: 18, zoomAnimation: false, fadeAnimation: false }).setView([30.26, -97.74], 10);
  const group = L.markerClusterGroup({ animate: false });
  const markers = TRUCKS.map((at) => L.marker(at));
  group.addLayers(markers);
  map.addLayer(group);
  const cluster = group.getVisibleParent(markers[0]!);
  if (!(cluster instanceof L.MarkerCluster)) throw new Error('the trucks are not one bubble');
  expect(cluster.getChildCount()).toBe(3);
  return { map, cluster };
}

/** The trucks' points outside the map's padded frame, as "x,y". */
function outsideFrame(map: L.Map): string[] {
  return TRUCKS.map((at) => map.latLngToContainerPoint(at))
    .filter(
      (p) =>
        p.x < PADDING.paddingTopLeft.x ||
        p.y < PADDING.paddingTopLeft.y ||
        p.x > SIZE.x - PADDING.paddingBottomRight.x ||
        p.y > SIZE.y - PADDING.paddingBottomRight.y,
    )
    .map((p) => `${Math.round(p.x)},${Math.round(p.y)}`);
}

describe('zoomIntoCluster', () => {
  it('zooms in on a tapped bubble with its trucks inside the frame, where the plugin put one under the attribution', () => {
    const plugin = clusteredMap();
    plugin.cluster.zoomToBounds();
    expect(plugin.map.getZoom()).toBe(12);
    expect(outsideFrame(plugin.map)).toHaveLength(2);
    plugin.map.remove();

    const { map, cluster } = clusteredMap();
    zoomIntoCluster(map, cluster, PADDING);
    expect(map.getZoom()).toBe(11);
    expect(outsideFrame(map)).toEqual([]);
  });

  it('puts a bubble whose trucks cannot fit mid-way in the frame, one zoom closer', () => {
    const { map, cluster } = clusteredMap();
    // The trucks already fill more than the frame: a zoom closer cannot fit them.
    map.setView(cluster.getLatLng(), 11);
    const closer = map.getZoom() + 1;
    zoomIntoCluster(map, cluster, PADDING);
    expect(map.getZoom()).toBe(closer);
    const mid = map.latLngToContainerPoint(cluster.getLatLng());
    // Mid-way between the padded edges: (56 + 332) / 2 and (48 + 232) / 2.
    expect([Math.round(mid.x), Math.round(mid.y)]).toEqual([194, 140]);
  });
});

describe('keepingSpread', () => {
  /** Three trucks side by side at a market (about 8 m apart): one bubble even at the last zoom. */
  const MARKET: L.LatLngTuple[] = [
    [21.3, -157.8],
    [21.3, -157.79992],
    [21.30005, -157.80004],
  ];

  /** The market's bubble spread out at the map's last zoom, a popup open on its first pin. */
  function spreadMarket() {
    const element = document.createElement('div');
    Object.defineProperty(element, 'clientWidth', { value: SIZE.x });
    Object.defineProperty(element, 'clientHeight', { value: SIZE.y });
    document.body.append(element);
    map = L.map(element, { maxZoom: 18, zoomAnimation: false, fadeAnimation: false }).setView(MARKET[0]!, 18);
    const group = L.markerClusterGroup({ animate: false, maxClusterRadius: 60 });
    const pins = MARKET.map((at) => L.marker(at).bindPopup('Crêpes'));
    group.addLayers(pins);
    map.addLayer(group);
    const bubble = group.getVisibleParent(pins[0]!);
    if (!(bubble instanceof L.MarkerCluster)) throw new Error('the market is not one bubble');
    bubble.spiderfy();
    pins[0]!.openPopup();
    expect(pins[0]!.isPopupOpen()).toBe(true);
    return { map, group, pins, spread: () => Reflect.get(group, '_spiderfied') as unknown };
  }

  it('adds a truck far from the spread bubble without folding it: its popup stays open where it was', () => {
    const { map, group, pins, spread } = spreadMarket();
    const bubble = spread();
    const where = pins[0]!.getLatLng();
    // A truck that opened 1 km away, off the screen, and one 90 m away (160 px at the last zoom), on it.
    const far = [L.marker([21.31, -157.8]), L.marker([21.3, -157.79915])];
    keepingSpread(map, group, far, far.map((m) => m.getLatLng()), () => group.addLayers(far));
    expect(spread()).toBe(bubble);
    expect(pins[0]!.isPopupOpen()).toBe(true);
    expect(pins[0]!.getLatLng()).toEqual(where);
    expect(group.hasLayer(far[0]!) && group.hasLayer(far[1]!)).toBe(true);
    expect(map.hasLayer(far[1]!)).toBe(true);
    // Taken off again, just as quietly.
    keepingSpread(map, group, far, far.map((m) => m.getLatLng()), () => group.removeLayers(far));
    expect(spread()).toBe(bubble);
    expect(pins[0]!.isPopupOpen()).toBe(true);
    expect(group.hasLayer(far[0]!)).toBe(false);
  });

  it('folds the bubble (as the plugin does) when the change can reach it', () => {
    const near = spreadMarket();
    // A fourth truck parks at the market: it joins the bubble.
    const fourth = L.marker([21.30002, -157.79998]);
    keepingSpread(near.map, near.group, [fourth], [fourth.getLatLng()], () => near.group.addLayer(fourth));
    expect(near.spread()).toBeNull();
    expect(near.pins[0]!.isPopupOpen()).toBe(false);
    expect((near.group.getVisibleParent(fourth) as L.MarkerCluster).getChildCount()).toBe(4);
    near.map.remove();

    // One of the bubble's own trucks leaves.
    const own = spreadMarket();
    const leaving = own.pins[2]!;
    keepingSpread(own.map, own.group, [leaving], [leaving.getLatLng()], () => own.group.removeLayer(leaving));
    expect(own.spread()).toBeNull();
    expect(own.group.hasLayer(leaving)).toBe(false);
  });
});
