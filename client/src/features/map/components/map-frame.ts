/**
 * The part of the diners' map where a pin or a bubble can be seen and tapped (ADR 0178): inside
 * the zoom buttons, the attribution and whatever the screen lays over the map's lower half. The
 * map opens on the trucks inside it, and a tapped bubble zooms in on its trucks inside it.
 */
import L from 'leaflet';
import 'leaflet.markercluster';

export interface FramePadding {
  paddingTopLeft: L.Point;
  paddingBottomRight: L.Point;
}

/**
 * Clear of the zoom buttons at the top left (and a pin's 41 px above the point it marks), and of
 * the attribution along the bottom, whose OpenStreetMap link a thumb on a pin under it would open.
 * A cluster bubble reaches 20 px around.
 */
const PADDING_TOP_LEFT = L.point(56, 48);
const PADDING_BOTTOM_RIGHT = L.point(28, 48);
const CLEARANCE = 28;

/**
 * The padding, with a bottom that keeps clear of what the screen lays over the map's lower half as
 * well (the location notice, ADR 0040: a pin under it could be neither seen nor tapped).
 */
export function framePadding(map: L.Map): FramePadding {
  const container = map.getContainer();
  const box = container.getBoundingClientRect();
  let bottom = PADDING_BOTTOM_RIGHT.y;
  for (const overlay of container.parentElement?.children ?? []) {
    if (overlay === container || !(overlay instanceof HTMLElement) || overlay.hidden) continue;
    const over = overlay.getBoundingClientRect();
    if (over.height > 0 && over.top > box.top + box.height / 2 && over.top < box.bottom)
      bottom = Math.max(bottom, box.bottom - over.top + CLEARANCE);
  }
  return { paddingTopLeft: PADDING_TOP_LEFT, paddingBottomRight: L.point(PADDING_BOTTOM_RIGHT.x, bottom) };
}

/**
 * What Leaflet.markercluster keeps of a cluster's tree and its typings leave out: the zoom the
 * cluster is drawn at, and the clusters it splits into one zoom closer.
 */
interface ClusterTree {
  _zoom: number;
  _childClusters: ClusterTree[];
}

/**
 * Zooms in on a tapped bubble as the plugin's own `zoomToBounds` does (markercluster 1.5.3,
 * `MarkerCluster.zoomToBounds`): far enough for its trucks to fit, no farther than the zoom where
 * it has split into pins, and one step at least. The plugin fits them into the whole map, so a
 * truck at the edge of a bubble's bounds landed under the attribution or the location notice;
 * here they fit inside `padding`, and a zoom that cannot fit them all centres the bubble there.
 */
export function zoomIntoCluster(map: L.Map, cluster: L.MarkerCluster, padding: FramePadding): void {
  const bounds = cluster.getBounds();
  const boundsZoom = map.getBoundsZoom(bounds, false, padding.paddingTopLeft.add(padding.paddingBottomRight));
  const tree = cluster as unknown as ClusterTree;
  let zoom = tree._zoom + 1;
  let children = tree._childClusters;
  while (children.length > 0 && boundsZoom > zoom) {
    zoom++;
    children = children.flatMap((child) => child._childClusters);
  }
  const mapZoom = map.getZoom();
  if (boundsZoom > zoom || boundsZoom <= mapZoom)
    centreInFrame(map, cluster.getLatLng(), boundsZoom > zoom ? zoom : mapZoom + 1, padding);
  else map.fitBounds(bounds, padding);
}

/** Puts `latlng` mid-way in the padding at `zoom`: Leaflet's own `fitBounds` arithmetic. */
function centreInFrame(
  map: L.Map,
  latlng: L.LatLng,
  zoom: number,
  padding: FramePadding,
  options?: L.ZoomPanOptions,
): void {
  const offset = padding.paddingBottomRight.subtract(padding.paddingTopLeft).divideBy(2);
  map.setView(map.unproject(map.project(latlng, zoom).add(offset), zoom), zoom, options);
}

/**
 * Takes the map to its last zoom on the marker's bubble, at once, and spreads the bubble out there
 * (`then` hears when it has): trucks parked side by side (a market) stay one bubble even at the
 * last zoom. Not animated: markercluster's `zoomToShowLayer` spread the bubble while the map still
 * zoomed, and the zoom's end folded it up again, with the popup just opened. False when the marker
 * is in no bubble there.
 */
export function spreadAtLastZoom(
  map: L.Map,
  group: L.MarkerClusterGroup,
  marker: L.Marker,
  then?: () => void,
): boolean {
  const lastZoom = map.getMaxZoom();
  if (map.getZoom() !== lastZoom)
    centreInFrame(map, marker.getLatLng(), lastZoom, framePadding(map), { animate: false });
  const bubble = group.getVisibleParent(marker);
  if (!(bubble instanceof L.MarkerCluster)) return false;
  if (then) group.once('spiderfied', then);
  bubble.spiderfy();
  return true;
}

/**
 * Makes the group's tapped bubbles zoom with `zoomIntoCluster`, or spread at the last zoom with
 * `spreadAtLastZoom`. Call before the group is added to the map: the plugin's own tap handler,
 * bound when it is added, then runs after this one and calls the tapped cluster's `zoomToBounds`
 * (or its `spiderfy`, for a bubble that stays one at the last zoom), which are this one's.
 */
export function padClusterZoom(group: L.MarkerClusterGroup, map: L.Map): void {
  group.on('clusterclick clusterkeypress', (event) => {
    const cluster: unknown = event.layer;
    if (!(cluster instanceof L.MarkerCluster)) return;
    cluster.zoomToBounds = () => zoomIntoCluster(map, cluster, framePadding(map));
    // A bubble that stays one at the last zoom spreads where it is tapped: at a city's zoom, its
    // pins went round a spot with no street to see. It spreads at the last zoom instead.
    const spreadHere = cluster.spiderfy.bind(cluster);
    cluster.spiderfy = () => {
      const first = cluster.getAllChildMarkers()[0];
      if (map.getZoom() < map.getMaxZoom() && first && spreadAtLastZoom(map, group, first)) return;
      spreadHere();
    };
  });
}

/**
 * What markercluster keeps of the bubble it has spread out (`_spiderfied`) and its typings leave
 * out, and the fold that `addLayers`, `removeLayers`, `addLayer` and `removeLayer` begin with.
 */
interface Spreading {
  _spiderfied: L.MarkerCluster | null;
  _unspiderfy: () => void;
}

/**
 * Runs `change`, which adds markers to `group` or takes them off, without folding the bubble the
 * group has spread out when the change cannot reach it. The plugin folds it on every change (its
 * pins leave the map with the popup one of them had open), so a truck that opened anywhere in the
 * city closed and reopened the popup a diner read at a market, and moved it meanwhile. `places` are
 * where the changed markers are and were: a change reaches the bubble when one of them is one of
 * its pins, or lies within twice the clustering radius of its middle at the map's zoom, where the
 * plugin could put it in the bubble. Such a change folds the bubble as before. At most a batch of
 * markers (fewer than the 200 after which the plugin may finish in a later task): the whole change
 * must happen inside `change`.
 */
export function keepingSpread(
  map: L.Map,
  group: L.MarkerClusterGroup,
  changed: readonly L.Marker[],
  places: readonly L.LatLng[],
  change: () => void,
): void {
  const spreading = group as unknown as Spreading;
  const bubble = spreading._spiderfied;
  const radius = (group.options as L.MarkerClusterGroupOptions).maxClusterRadius ?? 80;
  const reach = 2 * (typeof radius === 'function' ? radius(map.getZoom()) : radius);
  const reaches = (spread: L.MarkerCluster) => {
    const pins = new Set(spread.getAllChildMarkers());
    const middle = map.project(spread.getLatLng());
    return (
      changed.length >= 200 ||
      changed.some((marker) => pins.has(marker)) ||
      places.some((place) => map.project(place).distanceTo(middle) <= reach)
    );
  };
  if (!bubble || reaches(bubble)) {
    change();
    return;
  }
  spreading._unspiderfy = () => {};
  try {
    change();
  } finally {
    Reflect.deleteProperty(spreading, '_unspiderfy');
  }
}
