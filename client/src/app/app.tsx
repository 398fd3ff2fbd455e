import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { useState } from 'react';
import { Toaster } from '@client/components/ui/toaster';
import { prefetchActiveTrucksFor } from '@client/features/trucks/api/active-trucks';
import { prefetchDinerPositionFor } from '@client/features/trucks/hooks/use-diner-position';
import { AuthProvider } from '@client/lib/auth';
import { createQueryClient } from '@client/lib/query-client';
import { AppRouter } from './router';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    prefetchActiveTrucksFor(client, window.location.pathname);
    prefetchDinerPositionFor(window.location.pathname);
    return client;
  });
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
