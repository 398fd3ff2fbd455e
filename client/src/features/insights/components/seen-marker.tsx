import { useEffect, useRef } from 'react';
import { reportView } from '../view-reporter';

/**
 * An invisible marker inside a truck's card: once half of it has been on screen, the card counts
 * as seen (issue 31's card views), once per page load.
 */
export function SeenMarker({ truckId }: { truckId: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          reportView(truckId, 'card_view', { oncePerPageLoad: true });
          observer.disconnect();
        }
      },
      { threshold: 0.5 },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [truckId]);
  return <span ref={ref} aria-hidden className="block h-px w-px" />;
}
