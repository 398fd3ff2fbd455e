import { useEffect, useState } from 'react';
import { useHydrated } from '@client/lib/hydration';
import { dinerPositionRequest, releaseDinerPositionRequest } from '../lib/diner-position';
import type { Position } from '../lib/truck-list';

export interface DinerPosition {
  position: Position | null;
  /** A location alert of spec section 8, or null. */
  message: string | null;
  dismissMessage(): void;
  /**
   * True while a server-rendered page hydrates: the location notice renders where the server put
   * it, hidden unless `message` is already known (the page's first script then showed it).
   */
  noticeSlot: boolean;
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

  // A server-rendered page knew no position: its hydration renders none either (ADR 0168). Its
  // location notice is the exception: the page's first script shows it in the server's HTML as
  // soon as the browser refuses (showServerNotice), from the outcome this render reads too.
  const hydrated = useHydrated();
  return {
    position: hydrated ? (outcome?.position ?? null) : null,
    message: dismissed ? null : (outcome?.message ?? null),
    dismissMessage: () => setDismissed(true),
    noticeSlot: !hydrated,
  };
}
