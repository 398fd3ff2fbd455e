import type { DehydratedState } from '@tanstack/react-query';
import type { PublicUser } from '@shared/contracts';
import { browserViewer, LATER_CHUNKS_ID, SERVER_RENDER_DATA_ID, type Viewer } from '@shared/contracts/server-render';
import { createTruckStream, type TruckStream } from '@client/entities/truck/truck-stream';
import { readStoredUser } from '@client/lib/stored-session';
import { saveListCopy } from '@client/lib/offline-list';
import { activeTrucksUrl } from '@shared/contracts/first-data';
import { publicScreenData } from '@client/app/early-requests';

/** What a server-rendered page was rendered from (entry-server.tsx), read back to hydrate it (ADR 0168). */
export interface ServerData {
  /** The query cache the screen rendered with. */
  queries: DehydratedState;
  /** The Truck-Event-Id of each list it holds: where the truck stream opens from (ADR 0139). */
  truckEventIds: number[];
  /** When it was rendered (ms since the epoch): the clock its hydration reads (`useNow`). */
  renderedAt: number;
  /**
   * A signed-in user's screen rendered with that user's data (ADR 0176): for whom, and in which
   * locale and zone its dates were written. Absent on the public screens, rendered as an anonymous
   * diner sees them.
   */
  renderedFor?: { user: PublicUser; viewer: Viewer };
}

const sameUser = (a: PublicUser, b: PublicUser) =>
  a.id === b.id && a.role === b.role && a.username === b.username && a.email === b.email && a.phone === b.phone;

/**
 * Whether this browser's first render matches the page's: the public screens are rendered as an
 * anonymous diner sees them, so they match only with no stored session; a user's own screen
 * matches only this browser's stored user (the same navbar) writing dates the same way.
 */
function rendersAlike(data: ServerData): boolean {
  const stored = readStoredUser();
  if (!data.renderedFor) return !stored;
  const { user, viewer } = data.renderedFor;
  const here = browserViewer();
  return stored !== null && sameUser(stored, user) && viewer.locale === here.locale && viewer.timeZone === here.timeZone;
}

/** JSON for `<script type="application/json">`: no `<` can end the script or open a comment. */
export const serializeServerData = (data: ServerData): string =>
  JSON.stringify(data).replace(/</g, '\\u003c');

/** The page's server data, or null when the browser renders the page itself. */
export function readServerData(): ServerData | null {
  const text = document.getElementById(SERVER_RENDER_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerData;
  } catch {
    return null;
  }
}

let pageData: { data: ServerData | null } | undefined;

/**
 * What this page is hydrated from: its server data, or null when the browser renders it afresh.
 * A public screen is rendered as an anonymous diner sees it, so a stored session renders it afresh
 * (its navbar differs; the signed-in hint cookie usually spares such a page its server render
 * altogether); a user's own screen is hydrated only by that user's browser (rendersAlike).
 * Read once: the page's first script and the app both ask.
 */
export function pageServerData(): ServerData | null {
  if (!pageData) {
    const data = renderedData();
    pageData = { data: data && rendersAlike(data) ? data : null };
  }
  return pageData.data;
}

let parsed: { data: ServerData | null } | undefined;

/** The data script of a page whose root the server rendered, read once, whoever it was rendered for. */
function renderedData(): ServerData | null {
  parsed ??= { data: document.getElementById('root')?.hasChildNodes() ? readServerData() : null };
  return parsed.data;
}

/** A page in a background tab draws no frames: its app starts after this all the same. */
const UNSEEN_PAGE_START_MS = 500;
/** Preload links added per task: each starts a fetch, about 1.5 ms on a 4× slowed phone. */
const LINKS_PER_TASK = 8;

/** The chunks a server-rendered page's server named for it (LATER_CHUNKS_ID), or none. */
function laterChunks(): string[] {
  try {
    const list: unknown = JSON.parse(document.getElementById(LATER_CHUNKS_ID)?.textContent ?? '[]');
    return Array.isArray(list) ? list.filter((href): href is string => typeof href === 'string') : [];
  } catch {
    return [];
  }
}

/** Adds a modulepreload link for each of `hrefs` not yet in the page, a few per task. */
function preloadInTurns(hrefs: string[]): void {
  const present = new Set(
    Array.from(document.querySelectorAll('link[rel="modulepreload"]'), (link) => link.getAttribute('href')),
  );
  for (const href of hrefs.splice(0, LINKS_PER_TASK).filter((h) => !present.has(h))) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  if (hrefs.length) setTimeout(() => preloadInTurns(hrefs), 0);
}

/**
 * From the page's first script (main.tsx): `start` (the app's import) at once for a page the browser
 * renders; for a server-rendered page, once the browser has drawn it, and then the screen's chunks
 * its server named (LATER_CHUNKS_ID) are preloaded, a few per task (60 at once were one task of
 * 90-110 ms on a 4× slowed phone). Named in the page's Link header instead, those ~60 chunks shared
 * a slow link with the entry, whose script shows the location notice; the page reads meanwhile,
 * under its cover until the app has hydrated it (ADR 0168, session 34).
 */
export function startAppAfterPaint(start: () => void): void {
  // A page the server rendered, hydrated or a signed-in screen's frame (ADR 0175), names its chunks.
  if (!document.getElementById(LATER_CHUNKS_ID)) return start();
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    // The app's import preloads the app's own chunks (Vite's preload helper); the rest follow, from
    // a task of their own (in one with the import they made a 60-85 ms task on a 4× slowed phone).
    start();
    setTimeout(() => preloadInTurns(laterChunks()), 0);
  };
  // A frame's callback runs before the browser draws it; a task queued from there runs after.
  requestAnimationFrame(() => setTimeout(go, 0));
  setTimeout(go, UNSEEN_PAGE_START_MS);
}

/** How long a server-rendered page's stream stays open for its screen before the screen listens. */
const EARLY_STREAM_HOLD_MS = 15_000;
let earlyStream: TruckStream | null = null;

/**
 * From the page's first script (main.tsx): a server-rendered page with live truck data opens the
 * app's truck stream now, from the truck events its HTML holds, rather than once its screen has
 * hydrated and listens. On a slow phone that was seconds later, and the stream's connection waited
 * behind the app's own requests, so a change made while the page opened reached it late (ADR 0168).
 * What arrives meanwhile is kept for the screen (TruckStream.hold).
 */
export function openTruckStreamEarly(): void {
  // A user's own screen (ADR 0176) leaves its stream to the app's start, which decides whether the
  // page is hydrated (the browser's zone: its first Intl formatter) and then follows its lists.
  const data = renderedData();
  if (earlyStream || !data || data.renderedFor || data.truckEventIds.length === 0) return;
  const ids = pageServerData()?.truckEventIds ?? [];
  if (ids.length === 0) return;
  earlyStream = createTruckStream();
  for (const id of ids) earlyStream.listAnswered(id);
  earlyStream.hold(EARLY_STREAM_HOLD_MS);
}

/** The stream openTruckStreamEarly opened, which the app takes as its own; null if there is none. */
export const earlyTruckStream = (): TruckStream | null => earlyStream;

/**
 * A server-rendered /find-trucks' list, kept for a diner with no signal as the service worker keeps
 * every list it fetches (ADR 0160): this page's list came in its HTML, past the worker, so an
 * offline reload would otherwise find no lineup to show. Saved as of the page's render. Only for a
 * page the worker controls: without one, nothing would answer with the copy.
 */
export async function keepServerListOffline(pathname: string): Promise<void> {
  const listUrl = activeTrucksUrl();
  const list = publicScreenData(pathname).find(({ url }) => url === listUrl);
  if (!list) return;
  const data = pageServerData();
  if (!data || !navigator.serviceWorker?.controller || typeof caches === 'undefined') return;
  const key = JSON.stringify(list.queryKey);
  const query = data.queries.queries.find((q) => JSON.stringify(q.queryKey) === key);
  if (query?.state.data === undefined) return;
  await saveListCopy(listUrl, JSON.stringify(query.state.data), 'application/json', new Date(data.renderedAt));
}
