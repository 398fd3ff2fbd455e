import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { Toaster } from '@client/components/ui/toaster';
import { AuthProvider } from '@client/lib/auth';
import { AppRouter } from './router';

/** The app; its query client comes from the entry, which starts the page's first requests before rendering. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      {/* Spec section 9: tooltip open delay 700 ms, skip delay 300 ms. */}
      <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
        <AuthProvider>
          <AppRouter />
          <Toaster />
        </AuthProvider>
      </Tooltip.Provider>
    </QueryClientProvider>
  );
}
