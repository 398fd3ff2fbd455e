import { useCallback, useState } from 'react';
import { z } from 'zod';
import { EMPTY_DRAFT, type CheckoutDraft, type CheckoutDraftState } from '../components/checkout';

/**
 * What a diner put in a truck's cart survives a reload, or a look at the truck's page and back, in
 * this tab (sessionStorage): a phone reloads a page it wakes up on. The dishes and the note are
 * kept; the pickup time is chosen again (a slot later today may have passed). Whatever is stored
 * is checked before it is used; an order placed empties it (Checkout resets the draft).
 */
const keptSchema = z.object({
  quantities: z.record(z.string().regex(/^\d{1,10}$/), z.number().int().min(1).max(99)),
  note: z.string().max(500),
});

const keyOf = (truckId: number) => `checkout-draft:${truckId}`;

export function readKeptDraft(truckId: number, store: Pick<Storage, 'getItem'> = window.sessionStorage): CheckoutDraft {
  try {
    const kept = keptSchema.safeParse(JSON.parse(store.getItem(keyOf(truckId)) ?? 'null'));
    if (!kept.success) return EMPTY_DRAFT;
    const quantities = Object.fromEntries(Object.entries(kept.data.quantities).map(([id, n]) => [Number(id), n]));
    return { ...EMPTY_DRAFT, quantities, note: kept.data.note };
  } catch {
    return EMPTY_DRAFT;
  }
}

export function keepDraft(truckId: number, draft: CheckoutDraft, store: Pick<Storage, 'setItem' | 'removeItem'> = window.sessionStorage): void {
  try {
    if (Object.keys(draft.quantities).length === 0 && !draft.note) store.removeItem(keyOf(truckId));
    else store.setItem(keyOf(truckId), JSON.stringify({ quantities: draft.quantities, note: draft.note }));
  } catch {
    /* storage unavailable: the cart lives in memory only */
  }
}

/**
 * The checkout's draft for `truckId`, kept across reloads in this tab. Each change is stored as it
 * is made (an idempotent write), not after a render: the change that empties the cart is made as
 * the page leaves for the order, and no render of this page follows it.
 */
export function useKeptDraft(truckId: number): CheckoutDraftState {
  const [draft, setDraft] = useState<CheckoutDraft>(() => readKeptDraft(truckId));
  const set = useCallback<CheckoutDraftState[1]>(
    (action) =>
      setDraft((previous) => {
        const next = typeof action === 'function' ? action(previous) : action;
        keepDraft(truckId, next);
        return next;
      }),
    [truckId],
  );
  return [draft, set];
}
