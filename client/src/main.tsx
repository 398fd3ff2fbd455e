/**
 * The page's first script: a few KB that start the page's first requests — the diners' list and
 * position on /find-trucks, the operator's trucks and location permission on the dashboard — while the app itself (React
 * and the screens, app-main.tsx, preloaded by the page's Link header) still downloads, then start
 * the app. On a slow phone the list used to be asked for only after the app's 100 KB had been
 * parsed (bench/map.ts). A page the server rendered opens its truck stream here too (server-data.ts).
 */
import { requestScreenDataEarly } from '@client/app/early-requests';
import { holdTapsUntilHydrated } from '@client/lib/early-taps';
import { startApp } from '@client/lib/app-start';
import { keepServerListOffline, openTruckStreamEarly, startAppAfterPaint } from '@client/app/server-data';
import { prefetchLocationPermissionFor } from '@client/features/operator/location-permission';
import { prefetchDinerPositionFor } from '@client/features/trucks/lib/diner-position';
import { warmIntlOffMainThread } from '@client/lib/intl-warm-up';
import { syncSignedInHint } from '@client/lib/stored-session';
import { HYDRATING_COVER_ID } from '@shared/contracts/server-render';
// In the entry, so the stylesheet is linked from the page's head rather than loaded with the app.
import './index.css';

const { pathname, search } = window.location;
// A tap on a server-rendered page before the app has hydrated it is answered once it has (ADR 0190).
holdTapsUntilHydrated(HYDRATING_COVER_ID);
syncSignedInHint();
requestScreenDataEarly(pathname, search);
openTruckStreamEarly();
prefetchDinerPositionFor(pathname);
prefetchLocationPermissionFor(pathname);
// After the page's own requests: the worker's script is a third of a KB. The app starts once the
// worker has warmed ICU (intl-warm-up.ts), so its first formatter does not load the locale's data itself.
// If the app's code does not arrive, the page is not left dead (app-start.ts).
void warmIntlOffMainThread().then(() => startAppAfterPaint(() => startApp(() => import('./app-main'))));

// The service worker (ADR 0160): the installable app, its offline shell and last list, and Web Push.
// Registered once the page has loaded, so its precaching never competes with the page's own requests.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      /* no service worker (private mode, an old browser): the app works without it */
    });
    keepServerListOffline(pathname).catch(() => {
      /* storage full or refused: the next list the worker fetches is kept instead */
    });
  });
}
