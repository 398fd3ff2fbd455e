import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@client/lib/query-keys';
import { makeTruck } from '@client/test/trucks';
import { JUST_FETCHED_MS } from '@client/lib/query-client';
import { prefetchActiveTrucksFor, useActiveTrucks } from './active-trucks';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('opening the app on /find-trucks', () => {
  it('asks for the lean list at once, into the key the page reads', async () => {
    const trucks = [makeTruck({ id: 1 })];
    const fetch = vi.fn(async () => new Response(JSON.stringify(trucks), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    prefetchActiveTrucksFor(client, '/find-trucks');
    await vi.waitFor(() => expect(client.getQueryData(queryKeys.activeTrucksList(undefined))).toEqual(trucks));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]).toEqual(['/api/food-trucks/active?view=summary', expect.anything()]);
  });

  it('asks for nothing on other screens', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    for (const path of ['/', '/favorites', '/operator-dashboard']) {
      prefetchActiveTrucksFor(new QueryClient(), path);
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('the page mounting right after does not ask again; a page mounting later does (the list is never fresh)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetch = vi.fn(async () => new Response(JSON.stringify([makeTruck({ id: 1 })]), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    prefetchActiveTrucksFor(client, '/find-trucks');
    await vi.waitFor(() => expect(client.getQueryData(queryKeys.activeTrucksList(undefined))).toBeDefined());
    const page = renderHook(() => useActiveTrucks(undefined, true), { wrapper });
    expect(page.result.current.data).toHaveLength(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    page.unmount();
    vi.setSystemTime(Date.now() + JUST_FETCHED_MS);
    renderHook(() => useActiveTrucks(undefined, true), { wrapper });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  });
});
