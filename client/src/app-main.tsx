import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { z } from 'zod';
import { App } from '@client/app/app';
import { prefetchFirstScreenQueries, prefetchPublicScreenQueries } from '@client/app/first-screen-queries';
import { preloadScreenFor } from '@client/app/router';
import { createQueryClient } from '@client/lib/query-client';
import { syncSignedInHint } from '@client/lib/stored-session';
import { startHydration } from '@client/lib/hydration';
import { setServerRenderedAt } from '@client/lib/use-now';
import { CLASS_MERGE_WARM_UP } from '@client/lib/utils';
import { earlyTruckStream, pageServerData } from '@client/app/server-data';
import { createTruckStream } from '@client/entities/truck/truck-stream';
import { followListAnswers } from '@client/entities/truck/truck-stream-provider';
import { formatDateTime } from '@shared/utils/format';

// The server's CSP allows no eval: zod would probe `new Function` (caught, but reported as a
// CSP violation) before falling back to its interpreter. Skip the probe (ADR 0060).
z.config({ jitless: true });

/** How long the first render waits for the screen of this address before it shows the loading fallback. */
const SCREEN_WAIT_MS = 1500;

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const queryClient = createQueryClient();
const { pathname, search } = window.location;
// A page the server rendered (ADR 0168) is hydrated with the data it was rendered from.
const serverData = pageServerData();
if (serverData) {
  hydrate(queryClient, serverData.queries);
  setServerRenderedAt(serverData.renderedAt);
}
// On a signed-in user's own screen: its screen session cookie, with this browser's zone as it is now
// (ADR 0176), for the next load of this screen.
syncSignedInHint({ ownScreen: true });
// The app's one truck stream, made before the answers the first render waits for are read: the list
// among them tells it where to open from, and the screen asks for it no second time (ADR 0139).
const truckStream = earlyTruckStream() ?? createTruckStream();
followListAnswers(truckStream);
// The lists of a hydrated page whose first script did not open the stream (a user's own screen, ADR
// 0176): the stream opens from their truck events once the screen listens.
if (!earlyTruckStream()) for (const id of serverData?.truckEventIds ?? []) truckStream.listAnswered(id);
// The screen of this address is already on its way (the page's Link header preloads its chunks):
// the first render waits for it, so the screen appears at once instead of after a loading fallback
// that React's Suspense throttling would hold for up to 300 ms (lib/lazy-screen.ts). A screen that
// fails or takes too long renders through its lazy wrapper, as any later screen does.
// A screen's first data (the entry asked for it) is waited for the same way, so its first paint is
// its content, not a loading state (first-screen-queries.ts).
// While that wait is the network's, the page's first date formatter is made in a task of its own:
// the first one loads the locale's data, 60-130 ms on a 4× slowed phone, and inside the first render
// it lengthened the task that paints the screen (the dashboard's "Last updated"). A server-rendered
// page hydrates first instead; truck-format.ts makes the formatter once the browser is idle after.
if (!serverData) setTimeout(() => formatDateTime(Date.now()), 0);
// tailwind-merge's configuration and class map, built in tasks of their own rather than inside the
// first render (utils.ts): the render starts from a later timer, whatever has already arrived.
for (const step of CLASS_MERGE_WARM_UP) setTimeout(step, 0);
void Promise.race([
  Promise.all([
    preloadScreenFor(pathname).catch(() => {}),
    serverData ? undefined : prefetchFirstScreenQueries(queryClient, pathname),
    prefetchPublicScreenQueries(queryClient, pathname, { serverRendered: serverData !== null, search }),
  ]),
  new Promise((resolve) => setTimeout(resolve, SCREEN_WAIT_MS)),
])
  .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
  .then(() => {
    const app = (
      <StrictMode>
        <App queryClient={queryClient} truckStream={truckStream} />
      </StrictMode>
    );
    // As a transition, the first render (or hydration) yields to the browser every few milliseconds
    // instead of holding the main thread for the whole tree (Lighthouse's Total Blocking Time on a slow phone).
    startTransition(() => {
      if (serverData) {
        startHydration();
        hydrateRoot(root, app);
        return;
      }
      // React replaces whatever the server rendered when this commits.
      createRoot(root).render(app);
    });
  });
