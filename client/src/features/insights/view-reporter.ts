import type { InsightViewsInput } from '@shared/contracts';
import { authHeaders } from '@client/lib/api-client';

/*
 * What a diner saw, for the operators' insights (issue 31): cards on screen, map popups opened
 * (counted as card views), a truck's page, a menu. Reported in batches (every 5 s, and when the page is hidden) with `keepalive`, so a report
 * never delays anything on screen. Nothing is sent when the browser asks not to be tracked
 * (Do-Not-Track, Global Privacy Control); the server checks the same headers and the account's
 * "Don't count my visits". One queue per page (a module's own, like the browser's beacon queue).
 */

type ViewKind = InsightViewsInput['views'][number]['kind'];

const FLUSH_MS = 5000;
const MAX_BATCH = 100;

function trackingRefused(): boolean {
  if (typeof navigator === 'undefined') return true;
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

const queue: InsightViewsInput['views'] = [];
/** Views counted once per page load (a list card, whatever the scrolling). */
const reported = new Set<string>();
let timer: ReturnType<typeof setTimeout> | null = null;

function flush(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  while (queue.length > 0) {
    const views = queue.splice(0, MAX_BATCH);
    void fetch('/api/insights/views', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...authHeaders() },
      body: JSON.stringify({ views }),
      keepalive: true,
      credentials: 'include',
    }).catch(() => undefined);
  }
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', flush);

/**
 * Counts one view: a list card once per page load (`oncePerPageLoad`), a map popup, a page or a
 * menu each time it opens.
 */
export function reportView(truckId: number, kind: ViewKind, { oncePerPageLoad = false } = {}): void {
  if (trackingRefused()) return;
  if (oncePerPageLoad) {
    const key = `${kind}:${truckId}`;
    if (reported.has(key)) return;
    reported.add(key);
  }
  queue.push({ truckId, kind });
  if (queue.length >= MAX_BATCH) flush();
  else timer ??= setTimeout(flush, FLUSH_MS);
}
