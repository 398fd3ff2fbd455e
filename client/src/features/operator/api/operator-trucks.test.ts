import { describe, expect, it } from 'vitest';
import { OPERATOR_TRUCKS_REFETCH_MS, operatorTrucksQuery } from './operator-trucks';

describe("the operator dashboard's truck list", () => {
  it('polls every 5 s only while the event stream is down; while it is open, changes arrive live', () => {
    expect(operatorTrucksQuery(7, false).refetchInterval).toBe(OPERATOR_TRUCKS_REFETCH_MS);
    expect(OPERATOR_TRUCKS_REFETCH_MS).toBe(5000);
    expect(operatorTrucksQuery(7, true).refetchInterval).toBe(false);
    // Still refreshed on mount and on focus either way (spec section 9).
    expect(operatorTrucksQuery(7, true)).toMatchObject({ refetchOnMount: true, refetchOnWindowFocus: true, staleTime: 0 });
  });
});
