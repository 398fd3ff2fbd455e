import type { TruckOrderCount } from '@shared/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useStreamSignals } from '@client/entities/truck/use-truck-events';
import { queryKeys } from '@client/lib/query-keys';

/** While the stream is down, the counts are asked for this often. */
const POLL_MS = 15_000;

/**
 * GET /api/operator/orders/counts, live: the dashboard's "2 new" on a truck's Orders. The
 * operator's stream carries their trucks' orders (`event: order`); each one counts again. Order
 * frames are not replayed, so each time the stream opens (`live`) the counts are asked for again,
 * and while it is down they are polled.
 */
export function useOperatorOrderCounts(live: boolean) {
  const queryClient = useQueryClient();
  const counts = useQuery<TruckOrderCount[]>({ queryKey: queryKeys.operatorOrderCounts, refetchInterval: live ? false : POLL_MS });
  useStreamSignals((signal) => {
    if (signal.type === 'order') void queryClient.invalidateQueries({ queryKey: queryKeys.operatorOrderCounts, exact: true });
  });
  useEffect(() => {
    if (live) void queryClient.invalidateQueries({ queryKey: queryKeys.operatorOrderCounts, exact: true });
  }, [live, queryClient]);
  return counts;
}
