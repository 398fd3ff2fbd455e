import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { useState } from 'react';
import { Toaster } from '@client/components/ui/toaster';
import { AuthProvider } from '@client/lib/auth';
import { createQueryClient } from '@client/lib/query-client';
import { AppRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
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
