import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** How long a screen has to draw the part an address names before the jump is given up. */
const WAIT_MS = 5000;

/** The element id a `#hash` names; a hash that is not valid percent-encoding (`#%`) is taken as written. */
export function partNamed(hash: string): string {
  const raw = hash.slice(1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * A link to a part of a screen (`/account#alerts`, "Alert settings" on the favourites) opens the
 * screen at that part. The browser's own jump comes before a screen loaded on demand has drawn it,
 * so the app jumps once the part is there. A diner who scrolls meanwhile keeps their place.
 */
export function ScrollToHash() {
  const [location] = useLocation();
  useEffect(() => {
    const id = partNamed(window.location.hash);
    if (!id) return;
    const jump = () => {
      const target = document.getElementById(id);
      if (!target) return false;
      target.scrollIntoView({ block: 'start' });
      return true;
    };
    if (jump()) return;
    const observer = new MutationObserver(() => {
      if (jump()) stop();
    });
    const timer = setTimeout(stop, WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchmove', stop);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('wheel', stop, { passive: true });
    window.addEventListener('touchmove', stop, { passive: true });
    return stop;
  }, [location]);
  return null;
}
