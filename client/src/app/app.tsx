import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { Toaster } from '@client/components/ui/toaster';
import { TruckStreamProvider } from '@client/entities/truck/truck-stream-provider';
import { AuthProvider } from '@client/lib/auth';
import { AppRouter } from './router';

/** The app; its query client comes from the entry, which starts the page's first requests before rendering. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      {/* Spec section 9: tooltip open delay 700 ms, skip delay 300 ms. */}
      <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
        <AuthProvider>
          {/* The app's one truck event stream (opened while a screen listens). */}
          <TruckStreamProvider>
            <AppRouter />
            <Toaster />
          </TruckStreamProvider>
        </AuthProvider>
      </Tooltip.Provider>
    </QueryClientProvider>
  );
}
