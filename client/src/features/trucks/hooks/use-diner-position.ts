import { useEffect, useState } from 'react';
import { useHydrated } from '@client/lib/hydration';
import { dinerPositionRequest, releaseDinerPositionRequest } from '../lib/diner-position';
import type { Position } from '../lib/truck-list';

export interface DinerPosition {
  position: Position | null;
  /** A location alert of spec section 8, or null. */
  message: string | null;
  dismissMessage(): void;
}

/** Asks the browser once per visit of the page for the diner's position (the map's option set of spec section 9). */
export function useDinerPosition(): DinerPosition {
  const [request] = useState(dinerPositionRequest);
  const [outcome, setOutcome] = useState(request.outcome);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    releaseDinerPositionRequest(request);
    let cancelled = false;
    void request.promise.then((o) => {
      if (!cancelled) setOutcome(o);
    });
    return () => {
      cancelled = true;
    };
  }, [request]);

  // A server-rendered page knew no position: its hydration renders none either (ADR 0168).
  const known = useHydrated() ? outcome : undefined;
  return {
    position: known?.position ?? null,
    message: dismissed ? null : (known?.message ?? null),
    dismissMessage: () => setDismissed(true),
  };
}
