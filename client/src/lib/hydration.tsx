import { Suspense, useSyncExternalStore, type ReactNode } from 'react';

const subscribe = () => () => {};

/**
 * False while the page's server HTML is being hydrated (and on the server), true from the render
 * after (ADR 0168). A part that depends on the browser (the diner's position, a lazily loaded
 * map) renders as the server did until then, so hydration finds the markup it expects.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );

/**
 * `Suspense` around a lazily loaded part that only the browser renders (Leaflet, the voice panel):
 * the server and the hydration show `fallback`, and the part loads after hydration. On a page the
 * browser rendered itself it is a plain `Suspense`.
 */
export function BrowserOnly({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return useHydrated() ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
