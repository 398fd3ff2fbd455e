import { formatCount, formatDateTime, formatTime } from '@shared/utils/format';
import { Skeleton } from '@client/components/ui/skeleton';
import { errorMessage } from '@client/lib/api-client';
import { useGoingCounts } from '../api/going-counts';
import { Glyph } from '@client/components/ui/glyph';

/**
 * The operator's dashboard, per truck (issue 31): how many diners said they are going to each
 * current or upcoming stop — live (the event stream's `going` signal refetches it).
 */
export function GoingCounts({ truckId }: { truckId: number }) {
  const counts = useGoingCounts(truckId);
  return (
    <section aria-labelledby={`going-${truckId}`} className="grid gap-1 text-sm" data-testid={`going-counts-${truckId}`}>
      <h3 id={`going-${truckId}`} className="flex items-center gap-1.5 font-semibold">
        <Glyph name="users" className="h-4 w-4" /> Diners going
      </h3>
      {counts.isPending ? (
        <Skeleton className="h-5 w-48" />
      ) : counts.isError ? (
        <p role="alert" className="text-red-800">
          {errorMessage(counts.error, 'Could not load who is going.')}
        </p>
      ) : counts.data.length === 0 ? (
        <p className="text-gray-700">Nobody has said they are going yet.</p>
      ) : (
        <ul className="grid gap-1">
          {counts.data.map((stop) => (
            <li key={stop.stopKey} className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="min-w-0 wrap-anywhere text-gray-800">
                {stop.kind === 'open' ? 'Now' : `${formatDateTime(stop.startsAt ?? '')}–${formatTime(stop.endsAt ?? '')}`} · {stop.address}
              </span>
              <span className="font-semibold" data-testid="going-count">
                {formatCount(stop.count)} going
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
