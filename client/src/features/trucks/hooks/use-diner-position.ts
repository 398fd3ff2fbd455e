import { useEffect, useState } from 'react';
import { getCurrentPosition, locationAlertMessage } from '@client/lib/geolocation';
import type { Position } from '../lib/truck-list';

/** Rounded to about 100 m, so tiny GPS jitter never changes the query key. */
function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

export interface DinerPosition {
  position: Position | null;
  /** A location alert of spec section 8, or null. */
  message: string | null;
  dismissMessage(): void;
}

type Outcome = { position: Position; message: null } | { position: null; message: string };

interface PositionRequest {
  promise: Promise<Outcome>;
  /** Set once the browser has answered, so a page mounting after that starts with the answer. */
  outcome?: Outcome;
}

function askForPosition(): PositionRequest {
  const request: PositionRequest = {
    promise: getCurrentPosition('map').then(
      (p): Outcome => ({ position: { lat: round(p.latitude), lng: round(p.longitude) }, message: null }),
      (err: unknown): Outcome => ({ position: null, message: locationAlertMessage(err) }),
    ),
  };
  void request.promise.then((outcome) => {
    request.outcome = outcome;
  });
  return request;
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

/** Asks the browser once per visit of the page for the diner's position (the map's option set of spec section 9). */
export function useDinerPosition(): DinerPosition {
  const [request] = useState(() => early ?? askForPosition());
  const [outcome, setOutcome] = useState(request.outcome);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    // Taken: the next visit of the page asks again.
    if (early === request) early = undefined;
    let cancelled = false;
    void request.promise.then((o) => {
      if (!cancelled) setOutcome(o);
    });
    return () => {
      cancelled = true;
    };
  }, [request]);

  return {
    position: outcome?.position ?? null,
    message: dismissed ? null : (outcome?.message ?? null),
    dismissMessage: () => setDismissed(true),
  };
}
