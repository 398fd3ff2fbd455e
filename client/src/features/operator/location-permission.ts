/**
 * The geolocation permission from the Permissions API, asked once per page and kept current as the
 * user changes it. No React here: the page's first script (main.tsx) asks it on the dashboard, so
 * the answer is there for the screen's first render instead of arriving as a notice inserted above
 * the trucks a moment later (a layout shift, and Lighthouse's LCP: issue 33).
 */
import { HYDRATING_COVER_ID } from '@shared/contracts/server-render';

export type LocationPermission = PermissionState | 'unknown';

/** Marks the dashboard's location notice (`LocationDeniedNotice`), which the server's frame holds hidden. */
export const LOCATION_DENIED_ATTRIBUTE = 'data-location-denied';

let known: LocationPermission = 'unknown';
let asked: Promise<PermissionStatus | null> | undefined;
const listeners = new Set<(state: LocationPermission) => void>();
/** Stops following the status asked for (until it is asked again). */
let unfollow = () => {};

/** Asks (once while followed) and follows the permission; null where the Permissions API cannot answer. */
export function askLocationPermission(): Promise<PermissionStatus | null> {
  asked ??= (
    typeof navigator === 'undefined' || !navigator.permissions?.query
      ? Promise.reject(new Error('no Permissions API'))
      : navigator.permissions.query({ name: 'geolocation' })
  ).then(
    (status) => {
      const update = () => answered(status.state);
      update();
      status.addEventListener('change', update);
      unfollow = () => status.removeEventListener('change', update);
      return status;
    },
    // The Permissions API cannot answer: behave as if undecided.
    () => {
      answered('unknown');
      return null;
    },
  );
  return asked;
}

function answered(state: LocationPermission) {
  known = state;
  for (const listener of listeners) listener(known);
}

/** The permission as last known ('unknown' until the browser has answered). */
export const knownLocationPermission = (): LocationPermission => known;

/**
 * Calls `listener` with each answer and change; returns the function that stops it. When no screen
 * follows it any more, the next one asks afresh (starting from the last answer).
 */
export function followLocationPermission(listener: (state: LocationPermission) => void): () => void {
  listeners.add(listener);
  void askLocationPermission();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    unfollow();
    unfollow = () => {};
    asked = undefined;
  };
}

/**
 * Opening the dashboard: ask from the page's first script, beside its data. While the server's frame
 * of the dashboard is still up (ADR 0175: under its cover, before the app has rendered the screen),
 * a refusal shows the frame's hidden notice at once: on a slow phone it is the screen's largest
 * paint, and waiting for the app put it seconds later (issue 33). The app then renders it shown too.
 */
export function prefetchLocationPermissionFor(pathname: string): void {
  if (pathname !== '/operator-dashboard') return;
  void askLocationPermission().then((status) => {
    if (status?.state !== 'denied' || !document.getElementById(HYDRATING_COVER_ID)) return;
    const notice = document.querySelector(`[${LOCATION_DENIED_ATTRIBUTE}]`);
    if (notice instanceof HTMLElement) notice.hidden = false;
  });
}
