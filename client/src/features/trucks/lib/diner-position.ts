import { getCurrentPosition, locationAlertMessage } from '@client/lib/geolocation';
import type { Position } from './truck-list';

/** Rounded to about 100 m, so tiny GPS jitter never changes the query key. */
function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

export type PositionOutcome = { position: Position; message: null } | { position: null; message: string };

/** One request for the diners' map position (the map's option set of spec section 9). */
export interface PositionRequest {
  promise: Promise<PositionOutcome>;
  /** Set once the browser has answered, so a page mounting after that starts with the answer. */
  outcome?: PositionOutcome;
}

function askForPosition(): PositionRequest {
  const request: PositionRequest = {
    promise: getCurrentPosition('map').then(
      (p): PositionOutcome => ({
        position: { lat: round(p.latitude), lng: round(p.longitude) },
        message: null,
      }),
      (err: unknown): PositionOutcome => ({ position: null, message: locationAlertMessage(err) }),
    ),
  };
  void request.promise.then((outcome) => {
    request.outcome = outcome;
    showServerNotice(outcome);
  });
  return request;
}

/** Marks the location notice over the map (`MapLocationNotice`), which the server renders hidden. */
export const SERVER_NOTICE_ATTRIBUTE = 'data-location-notice';

/**
 * A server-rendered /find-trucks (ADR 0168) has the location notice in its HTML, hidden: the server
 * cannot know whether the browser will give a position. When the browser refuses it before the app
 * has hydrated the page, the entry shows that notice at once, in the message's words, instead of
 * after hydration: on a slow phone it was the page's largest paint, seconds after the list (issue
 * 33). The hydration then renders it shown too (`useDinerPosition`), from the same outcome, which is
 * set before this runs. Once React has rendered the page on its own, there is no hidden notice left
 * and this does nothing.
 */
function showServerNotice(outcome: PositionOutcome): void {
  if (!outcome.message || typeof document === 'undefined') return;
  const notice = document.querySelector(`[${SERVER_NOTICE_ATTRIBUTE}]`);
  if (!(notice instanceof HTMLElement) || !notice.hidden) return;
  const text = notice.querySelector('p');
  if (text) text.textContent = outcome.message;
  notice.hidden = false;
}

/** The request the app's entry made for the page about to mount, until that page takes it. */
let early: PositionRequest | undefined;

/**
 * Opening /find-trucks: ask for the position from the app's entry (beside the list), so the answer
 * — or the location notice — is there for the page's first render instead of arriving after it as
 * a late, large paint (Lighthouse's LCP) or a layout shift.
 */
export function prefetchDinerPositionFor(pathname: string): void {
  if (pathname === '/find-trucks') early ??= askForPosition();
}

/** The entry's request if one is waiting, else a new one. */
export function dinerPositionRequest(): PositionRequest {
  return early ?? askForPosition();
}

/** The page has taken `request`: the next visit of the page asks again. */
export function releaseDinerPositionRequest(request: PositionRequest): void {
  if (early === request) early = undefined;
}
