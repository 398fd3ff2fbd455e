import type { FoodTruck } from '@shared/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { OPERATOR_TRUCKS_REFETCH_MS, operatorTrucksQuery } from './operator-trucks';

describe("the operator dashboard's truck list", () => {
  it('polls every 5 s only while the event stream is down; while it is open, changes arrive live', () => {
    expect(operatorTrucksQuery(7, false).refetchInterval).toBe(OPERATOR_TRUCKS_REFETCH_MS);
    expect(OPERATOR_TRUCKS_REFETCH_MS).toBe(5000);
    expect(operatorTrucksQuery(7, true).refetchInterval).toBe(false);
    // Still refreshed on focus either way (spec section 9), and on mount unless the page's first
    // script has just asked for it.
    expect(operatorTrucksQuery(7, true)).toMatchObject({ refetchOnWindowFocus: true, staleTime: 0 });
  });

  it('is asked for again on mount once it is older than the polling period, not when it has just been answered', () => {
    vi.useFakeTimers();
    try {
      const options = operatorTrucksQuery(7, true);
      const { refetchOnMount } = options;
      if (typeof refetchOnMount !== 'function') throw new Error('refetchOnMount is a function of the query');
      const client = new QueryClient();
      client.setQueryData(options.queryKey, []);
      const query = client.getQueryCache().find<FoodTruck[]>({ queryKey: options.queryKey });
      if (!query) throw new Error('no query');
      vi.advanceTimersByTime(300);
      expect(refetchOnMount(query)).toBe(false);
      vi.advanceTimersByTime(OPERATOR_TRUCKS_REFETCH_MS);
      expect(refetchOnMount(query)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
