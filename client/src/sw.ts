/**
 * The service worker (issue 29, ADR 0160), built by vite-plugin-pwa (injectManifest) into /sw.js.
 * It does three things and touches nothing else — the event stream, every other API call, uploads
 * and map tiles go to the network as if it were not there:
 *  1. Precaches the app shell (the built HTML, scripts, styles, icons) and serves hashed /assets/
 *     from that cache; navigations go to the network first (the server's page names the route's
 *     chunks), the precached shell only when the network fails.
 *  2. Keeps the last diners' list it saw (GET /api/food-trucks/active): network first; when the
 *     network fails it answers with the saved copy, marked with `x-ftf-saved-at` so the page can say
 *     "offline — last updated 12:04 PM". The page's 7 s poll then reconnects by itself.
 *  3. Shows Web Push messages and opens their link on a tap.
 */
import { cleanupOutdatedCaches, matchPrecache, precache } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { LATEST_LIST_KEY, LIST_CACHE, saveListCopy } from './lib/offline-list';

/** The slice of the service worker scope this file uses (the project's TypeScript has the DOM lib, not WebWorker). */
interface PushEventLike extends ExtendableEvent {
  data: { json(): unknown } | null;
}
interface NotificationEventLike extends ExtendableEvent {
  notification: Notification;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
interface ServiceWorkerScope {
  __WB_MANIFEST: { url: string; revision: string | null }[];
  registration: ServiceWorkerRegistration;
  location: Location;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
}
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

declare const self: ServiceWorkerScope;
const sw = self;

// ---------------------------------------------------------------------------------------------
// 1. The app shell.
precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();
const shell = new CacheFirst({ cacheName: 'ftf-shell-runtime' });
registerRoute(
  ({ url, request }) => url.origin === sw.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  async (options) => (await matchPrecache(options.url.pathname)) ?? shell.handle(options),
);
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch (err) {
        const cached = await matchPrecache('/index.html');
        if (cached) return cached;
        throw err;
      }
    },
    // Server-rendered pages that are not the app: the API's docs, the embed card.
    { denylist: [/^\/api\//, /^\/objects\//, /^\/embed\//] },
  ),
);

// New versions take over at once: the shell is precached per build and old caches are dropped.
sw.addEventListener('install', () => void sw.skipWaiting());
sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));

// ---------------------------------------------------------------------------------------------
// 2. The last diners' list (lib/offline-list.ts).
registerRoute(
  ({ url, request }) => url.origin === sw.location.origin && url.pathname === '/api/food-trucks/active' && request.method === 'GET',
  async ({ request, url }) => {
    const key = url.pathname + url.search;
    try {
      const res = await fetch(request);
      if (res.ok) await saveListCopy(key, await res.clone().arrayBuffer(), res.headers.get('content-type') ?? 'application/json', new Date());
      return res;
    } catch (err) {
      const cache = await caches.open(LIST_CACHE);
      const saved = (await cache.match(key)) ?? (await cache.match(LATEST_LIST_KEY));
      if (saved) return saved;
      throw err;
    }
  },
);

// ---------------------------------------------------------------------------------------------
// 3. Web Push.
interface Shown {
  title: string;
  body: string;
  url: string;
  tag: string;
}

function readMessage(data: unknown): Shown | null {
  if (typeof data !== 'object' || data === null) return null;
  const { title, body, url, tag } = data as Record<string, unknown>;
  if (typeof title !== 'string' || typeof body !== 'string' || typeof url !== 'string' || typeof tag !== 'string') return null;
  // Only links on our own origin.
  return url.startsWith('/') && !url.startsWith('//') ? { title, body, url, tag } : null;
}

sw.addEventListener('push', (event) => {
  let message: Shown | null = null;
  try {
    message = readMessage(event.data?.json());
  } catch {
    message = null;
  }
  if (!message) return;
  event.waitUntil(
    sw.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: message.url },
    }),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const path = typeof data?.url === 'string' && data.url.startsWith('/') ? data.url : '/find-trucks';
  const target = new URL(path, sw.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === sw.location.origin);
      if (open) {
        await open.navigate(target);
        await open.focus();
        return;
      }
      await sw.clients.openWindow(target);
    })(),
  );
});
