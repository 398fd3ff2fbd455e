import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * A link to another screen opens it at its top, as a page load does. The router keeps the window's
 * scroll as it is, so a truck's page opened from a card far down /find-trucks opened halfway down,
 * past its name and its "Order ahead" (session 57). Back and Forward are left to the browser, which
 * puts the diner back where they were; a change of the query alone (the search written to `?q=`)
 * is no new screen; an address with a `#part` is ScrollToHash's.
 */
export function ScrollToTop() {
  const [path] = useLocation();
  // Set by Back or Forward until the screen it brings has rendered.
  const popped = useRef(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onPop = () => {
      popped.current = true;
      // The router renders the screen before any timer runs: a Back within one screen (the query
      // alone) must not keep the flag for the next link.
      clearTimeout(timer);
      timer = setTimeout(() => {
        popped.current = false;
      }, 0);
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      clearTimeout(timer);
    };
  }, []);
  const shown = useRef(path);
  // Before the new screen paints, so it never shows a frame at the old screen's scroll.
  useLayoutEffect(() => {
    if (shown.current === path) return;
    shown.current = path;
    if (popped.current || window.location.hash) return;
    window.scrollTo(0, 0);
  }, [path]);
  return null;
}
