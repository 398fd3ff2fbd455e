import { useEffect, useState } from 'react';
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

  return {
    position: outcome?.position ?? null,
    message: dismissed ? null : (outcome?.message ?? null),
    dismissMessage: () => setDismissed(true),
  };
}
