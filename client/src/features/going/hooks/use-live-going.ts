import type { GoingNotice } from '@shared/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useStreamSignals } from '@client/entities/truck/use-truck-events';
import { queryKeys } from '@client/lib/query-keys';

/** The operator's dashboard: a truck's counts refetch as soon as the stream says they changed. */
export function useLiveGoingCounts(): void {
  const queryClient = useQueryClient();
  useStreamSignals((signal) => {
    if (signal.type === 'going') void queryClient.invalidateQueries({ queryKey: queryKeys.goingCounts(signal.truckId), exact: true });
  });
}

/**
 * A customer's open page: a stop they said they are going to closed early, moved or was cancelled.
 * `onNotice` shows it at once (GoingNotices), and their list of stops refetches.
 */
export function useGoingNotices(onNotice: (notice: GoingNotice) => void): void {
  const queryClient = useQueryClient();
  useStreamSignals((signal) => {
    if (signal.type !== 'notice') return;
    onNotice(signal.notice);
    void queryClient.invalidateQueries({ queryKey: queryKeys.myGoing });
  });
}
