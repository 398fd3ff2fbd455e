import type { InsightPeriod, TruckInsights } from '@shared/contracts';
import { formatCount, formatDate } from '@shared/utils/format';
import { zoneName } from '@shared/utils/zoned-time';
import Download from 'lucide-react/icons/download';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { errorMessage } from '@client/lib/api-client';
import { toastError } from '@client/lib/toast';
import { downloadInsightsCsv, useTruckInsights } from '../api/truck-insights';
import { InsightChart } from './insight-chart';
import { PeriodPicker } from './period-picker';

type Series = TruckInsights['series'][number];

/** One chart with its table (the same numbers, for screen readers and keyboards). */
function SeriesFigure({ series, truckId }: { series: Series; truckId: number }) {
  const id = `insight-${truckId}-${series.kind}`;
  const days = series.daily.map((d) => d.day);
  const counts = series.daily.map((d) => d.count);
  return (
    <figure
      aria-labelledby={id}
      className="grid gap-1 rounded-lg border border-gray-200 p-2"
      data-testid={`insight-${series.kind}`}
    >
      <figcaption id={id} className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{series.label}</span>
        <span className="font-semibold" data-testid="insight-total">
          {formatCount(series.total)}
        </span>
      </figcaption>
      <InsightChart days={days} counts={counts} />
      <details className="text-xs">
        <summary className="cursor-pointer text-gray-700">Table</summary>
        <table className="mt-1 w-full text-left">
          <caption className="sr-only">{series.label} per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="text-right">
                Count
              </th>
            </tr>
          </thead>
          <tbody>
            {series.daily.map((d) => (
              <tr key={d.day}>
                <th scope="row" className="font-normal">
                  {formatDate(d.day)}
                </th>
                <td className="text-right">{formatCount(d.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/**
 * A truck's insights on the operator's dashboard (issue 31; this chunk loads only when opened):
 * every series per day (the truck's local days) over 7, 30 or 90 days as a chart with its table, "I'm going" per stop, and a
 * CSV download.
 */
export default function InsightsPanel({ truckId }: { truckId: number }) {
  const [days, setDays] = useState<InsightPeriod>(7);
  const insights = useTruckInsights(truckId, days);
  const [downloading, setDownloading] = useState(false);
  const download = () => {
    setDownloading(true);
    downloadInsightsCsv(truckId, days)
      .catch((error: unknown) => toastError('Error', error, 'Could not download the CSV.'))
      .finally(() => setDownloading(false));
  };
  return (
    <div className="grid gap-3" data-testid={`insights-panel-${truckId}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <PeriodPicker days={days} onChange={setDays} />
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={download}
          aria-disabled={downloading || undefined}
        >
          <Download aria-hidden /> CSV
        </Button>
      </div>
      {insights.isPending ? (
        <div className="grid gap-2 sm:grid-cols-2">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-40 w-full" />
          ))}
        </div>
      ) : insights.isError ? (
        <p role="alert" className="text-red-800">
          {errorMessage(insights.error, 'Could not load the insights.')}
        </p>
      ) : (
        <>
          <p className="text-xs text-gray-700" data-testid="insights-zone">
            Days run from midnight to midnight in {zoneName(insights.data.timeZone)}, the truck&apos;s time
            zone.
          </p>
          {insights.data.series.every((s) => s.total === 0) && (
            <p className="text-sm text-gray-700">
              Nothing counted in these {days} days yet. Counts appear as diners find your truck.
            </p>
          )}
          <div className="grid gap-2 sm:grid-cols-2">
            {insights.data.series.map((s) => (
              <SeriesFigure key={s.kind} series={s} truckId={truckId} />
            ))}
          </div>
          <section aria-labelledby={`going-stops-${truckId}`} className="text-sm">
            <h4 id={`going-stops-${truckId}`} className="font-medium">
              &quot;I&apos;m going&quot; per stop
            </h4>
            {insights.data.goingPerStop.length === 0 ? (
              <p className="text-gray-700">Nobody said they were going in these {days} days.</p>
            ) : (
              <table className="w-full text-left">
                <thead>
                  <tr>
                    <th scope="col">Stop</th>
                    <th scope="col" className="text-right">
                      Going
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {insights.data.goingPerStop.map((s) => (
                    <tr key={s.address}>
                      <td className="wrap-anywhere">{s.address || 'Where the truck stood'}</td>
                      <td className="text-right">{formatCount(s.count)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </div>
  );
}
