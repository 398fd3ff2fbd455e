import { useCallback, useEffect, useRef } from 'react';

interface InSightOptions {
  /** How far outside the screen counts as in sight ('100% 0px': a screen's height above and below). */
  rootMargin?: string;
  /** Nothing is observed while false. */
  enabled?: boolean;
}

/**
 * A ref callback for an element whose coming into sight (the screen, widened by `rootMargin`) calls
 * `onSight`: at once if it is in sight when it is attached, and each time it comes back. A browser
 * without IntersectionObserver calls it once, when the element is attached: what waited for the
 * diner to look is shown or loaded straight away, as it was before it waited (issue 33).
 */
export function useInSight(onSight: () => void, { rootMargin = '0px', enabled = true }: InSightOptions = {}) {
  const latest = useRef(onSight);
  useEffect(() => {
    latest.current = onSight;
  });
  return useCallback(
    (node: Element | null) => {
      if (!node || !enabled) return;
      if (typeof IntersectionObserver === 'undefined') {
        latest.current();
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) latest.current();
        },
        { rootMargin },
      );
      observer.observe(node);
      return () => observer.disconnect();
    },
    [rootMargin, enabled],
  );
}
