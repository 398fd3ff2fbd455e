import { createElement, lazy, useState, type ComponentType, type FunctionComponent } from 'react';

/** A screen loaded on demand that can also be loaded ahead of its first render. */
export type LazyScreen<P extends object> = FunctionComponent<P> & {
  /** Loads the screen's module; a screen mounted after this renders at once, without suspending. */
  preload(): Promise<void>;
};

/**
 * `React.lazy` for a screen, plus `preload()`. The app's entry preloads the screen of the address
 * it opened before its first render, so that screen never shows the page's loading fallback: React
 * holds back the reveal of content that replaces a fallback shown less than 300 ms before (its
 * Suspense throttling), which was most of the time between the list's arrival and the first card on
 * /find-trucks (bench/map.ts). Each mount keeps the component it started with, so a screen that
 * mounted through the lazy wrapper is never remounted (its state lost) when the module arrives.
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const loadOnce = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (err: unknown) => {
        // A failed chunk (a deploy replaced it, the network dropped) may be asked for again.
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
  const Lazy = lazy(loadOnce);
  function Screen(props: P) {
    const [component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(component, props);
  }
  return Object.assign(Screen, { preload: () => loadOnce().then(() => undefined) });
}
