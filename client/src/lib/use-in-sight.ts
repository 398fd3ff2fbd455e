import { useCallback, useEffect, useRef, useState } from 'react';

interface InSightOptions {
  /** How far outside the screen counts as in sight ('100% 0px': a screen's height above and below). */
  rootMargin?: string;
  /** Nothing is observed while false. */
  enabled?: boolean;
}

/**
 * Watches whether `node` is in sight (the screen, widened by `rootMargin`): `onChange` with each
 * answer, the first as soon as it is observed. A browser without IntersectionObserver is told once
 * that it is in sight. Returns the cleanup.
 */
function watchSight(node: Element, rootMargin: string, onChange: (inSight: boolean) => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onChange(true);
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      const latest = entries[entries.length - 1];
      if (latest) onChange(latest.isIntersecting);
    },
    { rootMargin },
  );
  observer.observe(node);
  return () => observer.disconnect();
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
      return watchSight(node, rootMargin, (inSight) => {
        if (inSight) latest.current();
      });
    },
    [rootMargin, enabled],
  );
}

/**
 * Whether an element is in sight now (the screen, widened by `rootMargin`): a ref callback for it,
 * and true or false once the browser has said (null before, and while nothing is attached).
 */
export function useInView({ rootMargin = '0px' }: Pick<InSightOptions, 'rootMargin'> = {}): [
  (node: Element | null) => (() => void) | undefined,
  boolean | null,
] {
  const [inView, setInView] = useState<boolean | null>(null);
  const ref = useCallback(
    (node: Element | null) => {
      if (!node) return;
      const stop = watchSight(node, rootMargin, setInView);
      return () => {
        stop();
        setInView(null);
      };
    },
    [rootMargin],
  );
  return [ref, inView];
}
