import L from 'leaflet';
import 'leaflet.markercluster';
import { afterEach, describe, expect, it } from 'vitest';
import { zoomIntoCluster, type FramePadding } from './map-frame';

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
