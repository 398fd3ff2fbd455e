import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@client/lib/query-keys';
import { makeTruck } from '@client/test/trucks';
import { prefetchActiveTrucksFor } from './active-trucks';

afterEach(() => vi.unstubAllGlobals());

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
});
