import { useSyncExternalStore } from 'react';

/**
 * "Show this truck on the map", asked from anywhere (the voice assistant in the navbar or on the
 * page) and answered by /find-trucks. A store rather than the URL, so the same truck can be asked
 * for twice and the request survives the navigation to /find-trucks.
 */
export interface TruckFocusRequest {
  /** Recommended trucks, best first: the first one present in the data is centred. */
  ids: number[];
  /** Distinguishes two requests for the same trucks. */
  key: number;
}

let current: TruckFocusRequest | null = null;
let counter = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function requestTruckFocus(ids: number[]): void {
  if (ids.length === 0) return;
  current = { ids, key: ++counter };
  emit();
}

/** Marks a request as handled, so it is not handled again when the page mounts next time. */
export function completeTruckFocus(key: number): void {
  if (current?.key !== key) return;
  current = null;
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export function useTruckFocusRequest(): TruckFocusRequest | null {
  return useSyncExternalStore(subscribe, () => current, () => null);
}
