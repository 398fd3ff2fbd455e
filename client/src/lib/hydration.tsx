import {
  startTransition,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type RefObject,
} from 'react';
import { answerHeldTap } from './early-taps';
import { setServerRenderedAt } from './use-now';

const unchanging = () => () => {};

/**
 * Whether the page's server HTML is being hydrated: from app-main.tsx's `startHydration`, just before
 * it hydrates, until `ScreenHydrated` (after the screen, which React hydrates in a pass of its own
 * after the app's) has committed.
 */
let hydrating = false;

/** The page's server HTML is about to be hydrated (app-main.tsx). */
export function startHydration(): void {
  hydrating = true;
}

/**
 * Whether this render is the server's or part of the page's hydration. Read from a store that holds
 * the same answer until the screen has hydrated, so React never renders a reader again for it.
 */
export function useRenderingServerHtml(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => hydrating,
    () => true,
  );
}

/**
 * False while the page's server HTML is being hydrated (and on the server), true from the render
 * after (ADR 0168). A part that depends on the browser (the diner's position, a lazily loaded
 * map) renders as the server did until then, so hydration finds the markup it expects.
 *
 * The switch to true is a transition, one for every part that read false: React renders them in
 * slices that yield to the diner. A store whose browser value differs from its server value makes
 * React render its part again synchronously right after the hydration, in one task (on /find-trucks
 * the whole screen, 55 ms on a 4× slowed phone: issue 33). The store read here only tells a part
 * whether it is hydrating (its server value) or not, and it holds the same answer until the screen
 * has hydrated, so React finds nothing to render again.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(!useRenderingServerHtml());
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/**
 * A store whose browser value differs from the value the server rendered, as state that follows it:
 * the server's value while the page hydrates (and on the server), then the store's, each change
 * rendered as a transition (in slices that yield to the diner). Read with `useSyncExternalStore`, a
 * change of such a store makes React render its readers again synchronously, in one task: right
 * after the hydration (the stream's state, 'closed' on the server and open by then; the location
 * permission, 'unknown' and then 'granted'), and again whenever it changes, as the stream does when
 * it opens a moment after the page has hydrated; on the operator's dashboard, whose screen reads the
 * stream's state, that was the whole screen rendered again in a task of 60 ms observed (Lighthouse
 * traces, issue 33). Only for what can follow the store a frame late (what is polled, a status
 * line). `subscribe` and `read` must be stable.
 */
export function useStoreAfterHydration<T>(
  subscribe: (onChange: () => void) => () => void,
  read: () => T,
  serverValue: T,
): T {
  const serverHtml = useRenderingServerHtml();
  const [value, setValue] = useState<T>(() => (serverHtml ? serverValue : read()));
  // The value last asked for: the store tells of changes that leave the answer as it is.
  const shown = useRef(value);
  useEffect(() => {
    const follow = () => {
      const next = read();
      if (Object.is(next, shown.current)) return;
      shown.current = next;
      startTransition(() => setValue(next));
    };
    follow();
    return subscribe(follow);
  }, [subscribe, read]);
  return value;
}

/**
 * Placed after the screen inside its Suspense boundary (router.tsx): its effect runs once the screen
 * has hydrated, and ends the hydration there, and the server render's clock (use-now.ts). Ended
 * earlier (in the app's own effect), the screen hydrated on the browser's clock, and a page whose
 * minute or day differed from the server's render (a phone's clock, a slow load) was thrown away and
 * rendered again, losing what the diner had typed.
 */
export function ScreenHydrated(): null {
  useEffect(() => {
    hydrating = false;
    setServerRenderedAt(undefined);
    // The diner's last tap before the app was in (ADR 0190).
    answerHeldTap();
  }, []);
  return null;
}

/** Whether the app has painted its first screen: later screens need not wait for it. */
let firstScreenPainted = false;
/** A page opened in a background tab paints nothing until it is shown; its parts load after this. */
const UNSEEN_PAGE_WAIT_MS = 500;

/**
 * False until the frame with the page's first screen has been painted (or, in a tab nobody looks
 * at, half a second), true from then on (at once for every screen after the first). A part that is
 * not the first screen's content (a map, the voice panel) starts to download and run only then, so
 * on a slow phone it delays neither the first paint nor, in Lighthouse's simulation, the Largest
 * Contentful Paint (issue 33).
 */
export function useFirstScreenPainted(): boolean {
  const [painted, setPainted] = useState(firstScreenPainted);
  useEffect(() => {
    if (painted) return;
    // What waits for the paint (the map, the voice panel, each card's later queries) renders as a
    // transition: in slices that yield to the diner's input, not in one long task (issue 33).
    const done = () => {
      firstScreenPainted = true;
      startTransition(() => setPainted(true));
    };
    // The callback of the next animation frame runs before that frame paints; a task queued from
    // it runs after. A page in a background tab has no frames: after a moment it goes on without.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(done, 0);
    });
    const unseen = setTimeout(done, UNSEEN_PAGE_WAIT_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(unseen);
    };
  }, [painted]);
  return painted;
}

/**
 * `Suspense` around a lazily loaded part that only the browser renders (Leaflet, the voice panel):
 * the server and the hydration show `fallback`, and the part loads after hydration. In the
 * browser it loads once the first screen has painted.
 */
export function BrowserOnly({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const hydrated = useHydrated();
  const painted = useFirstScreenPainted();
  return hydrated && painted ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}

/**
 * A text box of a server-rendered page keeps what the diner typed into it before the app hydrated
 * the page (ADR 0168: the page is covered against taps until then, but a box reached with the
 * keyboard takes keys). Hydration leaves the box's text as it is, yet the screen's state does not
 * know it, and the next render would put the state's text back. In the commit that hydrates the box,
 * the text the server did not render is handed to `keep`, as if typed now. A box the browser
 * rendered itself always holds its state's text: nothing happens.
 */
export function useKeepTypedBeforeHydration(box: RefObject<HTMLInputElement | null>, keep: (typed: string) => void): void {
  useLayoutEffect(() => {
    const field = box.current;
    // React sets the box's default value to the state's text as it hydrates it.
    if (field && field.value !== field.defaultValue) keep(field.value);
  }, [box, keep]);
}
