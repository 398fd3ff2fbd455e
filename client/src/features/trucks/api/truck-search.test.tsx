import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerHolds, useTruckSearch } from './truck-search';

afterEach(() => vi.unstubAllGlobals());

/** The server: "brisket" is on truck 1's menu, "pho" on truck 2's; its answers wait for `release`. */
function stubSearch() {
  const waiting: (() => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
      await new Promise<void>((resolve) => waiting.push(resolve));
      const ids = 'brisket'.startsWith(q) ? [1] : q === 'pho' ? [2] : [];
      return new Response(JSON.stringify({ ids, partial: false, dishes: {} }), { status: 200 });
    }),
  );
  return () => waiting.splice(0).forEach((resolve) => resolve());
}

function mount(initial: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(({ text }: { text: string }) => useTruckSearch(text), { wrapper, initialProps: { text: initial } });
}

describe("the search's answer while the next one loads", () => {
  it('holds for a search that refines or trims it, not for another search altogether', () => {
    expect(answerHolds('brisk', 'brisket')).toBe(true);
    expect(answerHolds('brisket', 'bris')).toBe(true);
    expect(answerHolds('brisket', 'pho')).toBe(false);
    expect(answerHolds('brisket', '')).toBe(false);
  });

  it("is not listed under another search's text, and the search is settled only once its own answer is in", async () => {
    const release = stubSearch();
    const { result, rerender } = mount('brisket');
    expect(result.current.settled).toBe(false);
    await waitFor(() => expect(result.current.term).toBe('brisket'));
    release();
    await waitFor(() => expect([...result.current.hits]).toEqual([1]));
    expect(result.current.settled).toBe(true);

    // Refined: the answer for "brisket" still holds while "brisket plate"'s loads.
    rerender({ text: 'brisket plate' });
    expect([...result.current.hits]).toEqual([1]);
    expect(result.current.settled).toBe(false);

    // Another search: its trucks are not "brisket"'s, and it is not settled until its own answer.
    rerender({ text: 'pho' });
    expect([...result.current.hits]).toEqual([]);
    expect(result.current.settled).toBe(false);
    await waitFor(() => expect(result.current.term).toBe('pho'));
    release();
    await waitFor(() => expect([...result.current.hits]).toEqual([2]));
    expect(result.current.settled).toBe(true);
  });

  it('is settled when the answer fails, so the list says what the cards match', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'boom' }), { status: 500 })));
    const { result } = mount('tacos');
    await waitFor(() => expect(result.current.settled).toBe(true));
    expect([...result.current.hits]).toEqual([]);
  });

  it('is settled while the device is offline, where the question waits for the network', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    onlineManager.setOnline(false);
    try {
      const { result } = mount('tacos');
      await waitFor(() => expect(result.current.settled).toBe(true));
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
