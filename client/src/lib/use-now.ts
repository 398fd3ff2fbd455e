import { startTransition, useEffect, useState } from 'react';

/** When the server rendered this page (ADR 0168), until the app has hydrated it; undefined for a page the browser renders itself. */
let serverRenderedAt: number | undefined;

/**
 * The server render's clock (entry-server.tsx, before it renders; app-main.tsx, from the page's server
 * data, before it hydrates): a status line hydrates with the words the server wrote ('Open now until
 * 14:00'), not ones a later minute would change, which React would answer by rendering the screen again.
 * Set back to undefined once the screen has hydrated (`ScreenHydrated`, hydration.tsx): parts mounted later read the real clock.
 */
export function setServerRenderedAt(at: number | undefined): void {
  serverRenderedAt = at;
}

interface Clock {
  listeners: Set<(now: Date) => void>;
  timer: ReturnType<typeof setInterval>;
}
/** One timer per interval for every part on screen that reads the time (20 cards had 40 timers of their own). */
const clocks = new Map<number, Clock>();

function onTick(intervalMs: number, listener: (now: Date) => void): () => void {
  let clock = clocks.get(intervalMs);
  if (!clock) {
    const listeners = new Set<(now: Date) => void>();
    const timer = setInterval(() => {
      const now = new Date();
      // One render for every part that reads the time, in slices that yield to the diner's input.
      startTransition(() => {
        for (const listener of listeners) listener(now);
      });
    }, intervalMs);
    clock = { listeners, timer };
    clocks.set(intervalMs, clock);
  }
  const { listeners, timer } = clock;
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearInterval(timer);
    clocks.delete(intervalMs);
  };
}

/**
 * A server render younger than this share of the interval is as true as the clock's own ticks: its
 * time stays until the first tick. Labels are at most the interval behind anyway.
 */
const FRESH_SHARE = 1 / 6;

/**
 * The current time, re-read every `intervalMs` (labels such as 'Open now until 14:00' stay true).
 * Hydrating a server-rendered page, the server render's time; the real time follows at once, in a
 * transition (a hook that read "hydrated?" made every card render again synchronously, in one long
 * task on a slow phone: issue 33), unless the render is fresh (`FRESH_SHARE`): then nothing renders
 * again. Every card's going button and status line read the time, and catching up rendered all 20
 * cards a second time right after hydrating them, for labels a few hundred milliseconds older.
 */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date(serverRenderedAt ?? Date.now()));
  useEffect(() => {
    // Either way: a device whose clock is behind the server's reads its own too.
    if (serverRenderedAt !== undefined && Math.abs(Date.now() - serverRenderedAt) >= intervalMs * FRESH_SHARE)
      startTransition(() => setNow(new Date()));
    return onTick(intervalMs, setNow);
  }, [intervalMs]);
  return now;
}
