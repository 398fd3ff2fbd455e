import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Router } from 'wouter';
import { HYDRATING_COVER_ID } from '@shared/contracts/server-render';
import { stopHoldingTaps } from '@client/lib/early-taps';
import type { PublicUser } from '@shared/contracts';
import type { TruckStream } from '@client/entities/truck/truck-stream';
import { TruckStreamProvider } from '@client/entities/truck/truck-stream-provider';
import { AuthProvider } from '@client/lib/auth';
import { ScrollToHash } from '@client/lib/scroll-to-hash';
import { ScrollToTop } from '@client/lib/scroll-to-top';
import { ScreenTitles } from '@client/lib/screen-title';
import { OptionalPart } from './screen-error-boundary';
import { useToasts } from '@client/lib/toast';
import { AppRouter } from './router';

// Radix Toast (with its collection, dismissable layer and portal: a tenth of the app's first chunk)
// loads with the first toast rather than on every page's first screen (issue 33). Its toasts
// announce themselves a frame after they mount, so the first one is still read out.
const Toaster = lazy(() => import('@client/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** The toasts, once there has been one. */
function ToasterOnceNeeded() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? (
    <OptionalPart>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </OptionalPart>
  ) : null;
}

/**
 * The app; its query client comes from the entry, which starts the page's first requests before rendering.
 * No Radix tooltip is used (hints are `title`s and visible text), so the spec's tooltip delays
 * (section 9: 700 ms open, 300 ms skip) have no provider to configure.
 * - `location`: the address a server render is for (entry-server.tsx); the browser's own otherwise.
 * - `serverUser`: who the server renders a signed-in screen for: the stand-in user of its frame (ADR
 *   0175), or the user whose data it renders the screen with (ADR 0176).
 * - `truckStream`: the entry's (app-main.tsx): the one a server-rendered page opened from its first
 *   script (server-data.ts), or one made before the first render's data was read; otherwise (tests,
 *   the server's render) the app makes its own.
 * The Router is there in both, so the server's tree and the hydrated one are the same (their `useId`s too).
 */
export function App({
  queryClient,
  location,
  serverUser,
  truckStream,
}: {
  queryClient: QueryClient;
  location?: { path: string; search: string };
  serverUser?: PublicUser;
  truckStream?: TruckStream;
}) {
  // A server-rendered page reads, but does not answer, until the app has hydrated it (ADR 0168); the
  // diner's last tap meanwhile is answered once the screen has hydrated (ADR 0190).
  useEffect(() => {
    document.getElementById(HYDRATING_COVER_ID)?.remove();
    stopHoldingTaps();
  }, []);
  return (
    <Router ssrPath={location?.path} ssrSearch={location?.search}>
      <ScrollToTop />
      <ScrollToHash />
      <ScreenTitles />
      <QueryClientProvider client={queryClient}>
        <AuthProvider serverUser={serverUser}>
          {/* The app's one truck event stream (open while a screen listens, or held for it by a server-rendered page). */}
          <TruckStreamProvider stream={truckStream}>
            <AppRouter />
            <ToasterOnceNeeded />
          </TruckStreamProvider>
        </AuthProvider>
      </QueryClientProvider>
    </Router>
  );
}
