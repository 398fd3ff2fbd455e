import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A stand-in for the browser's IntersectionObserver (jsdom has none): tests say what is in sight.
 * `bringIntoSight(node)` reports `node` intersecting to every observer watching it, as a browser does
 * when it scrolls into view; `options` holds each observer's options, latest last.
 */
export function stubIntersectionObserver() {
  const watching = new Map<Element, Set<IntersectionObserverCallback>>();
  const options: IntersectionObserverInit[] = [];
  class FakeObserver {
    readonly callback: IntersectionObserverCallback;
    private readonly nodes = new Set<Element>();
    constructor(callback: IntersectionObserverCallback, init: IntersectionObserverInit = {}) {
      this.callback = callback;
      options.push(init);
    }
    observe(node: Element) {
      this.nodes.add(node);
      watching.set(node, (watching.get(node) ?? new Set()).add(this.callback));
    }
    unobserve(node: Element) {
      this.nodes.delete(node);
      watching.get(node)?.delete(this.callback);
    }
    disconnect() {
      for (const node of this.nodes) this.unobserve(node);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  const report = (node: Element, isIntersecting: boolean) => {
    const entry = { target: node, isIntersecting } as IntersectionObserverEntry;
    act(() => {
      for (const callback of [...(watching.get(node) ?? [])]) callback([entry], {} as IntersectionObserver);
    });
  };
  return {
    options,
    observed: (node: Element) => (watching.get(node)?.size ?? 0) > 0,
    bringIntoSight(node: Element) {
      report(node, true);
    },
    /** As a browser does when `node` scrolls out of sight. */
    takeOutOfSight(node: Element) {
      report(node, false);
    },
  };
}
