import { useEffect, useState } from 'react';
import { useHydrated } from '@client/lib/hydration';

/** When the server rendered this page (ADR 0168), or undefined for a page the browser renders itself. */
let serverRenderedAt: number | undefined;

/**
 * The server render's clock (entry-server.tsx, before it renders; app-main.tsx, from the page's server
 * data, before it hydrates): a status line hydrates with the words the server wrote ('Open now until
 * 14:00'), not ones a later minute would change, which React would answer by rendering the screen again.
 */
export function setServerRenderedAt(at: number | undefined): void {
  serverRenderedAt = at;
}

/** The current time, re-read every `intervalMs` (labels such as 'Open now until 14:00' stay true). */
export function useNow(intervalMs = 30_000): Date {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return hydrated || serverRenderedAt === undefined ? now : new Date(serverRenderedAt);
}
