import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@client/lib/query-keys';
import { makeTruck } from '@client/test/trucks';
import { ACTIVE_TRUCKS_POLL_MS, useActiveTrucks } from './active-trucks';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A server answering the list, counting what it is asked. */
function stubList() {
  const fetch = vi.fn(async () => new Response(JSON.stringify([makeTruck({ id: 7, name: 'From the server' })]), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function mountWith(client: QueryClient) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useActiveTrucks(undefined, true), { wrapper });
}

describe('a screen mounting with the active list already cached', () => {
  it('does not ask again for a list answered moments ago (the app fetched it before its first render)', async () => {
    const fetch = stubList();
    const client = new QueryClient();
    client.setQueryData(queryKeys.activeTrucksList(undefined), [makeTruck({ id: 7, name: 'Just fetched' })]);
    const { result } = mountWith(client);
    expect(result.current.data?.[0]?.name).toBe('Just fetched');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks again for a list older than one polling interval (coming back to the screen later)', async () => {
    const fetch = stubList();
    const client = new QueryClient();
    client.setQueryData(queryKeys.activeTrucksList(undefined), [makeTruck({ id: 7, name: 'Old' })], {
      updatedAt: Date.now() - ACTIVE_TRUCKS_POLL_MS - 1,
    });
    const { result } = mountWith(client);
    await waitFor(() => expect(result.current.data?.[0]?.name).toBe('From the server'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
