import type { ImportReport as Report } from '@shared/contracts';
import { formatCount, formatTimestamp } from '@shared/utils/format';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import Loader2 from 'lucide-react/icons/loader-circle';
import XCircle from 'lucide-react/icons/circle-x';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { errorMessage } from '@client/lib/api-client';
import { useImportReport } from '../api/imports';
import { useEndSessionOnRefusal } from '../hooks/use-admin-guard';

/** Skipped rows shown at first and added per "Show more". */
const SKIPS_PER_PAGE = 20;

/** How far the worker has read: its bytes of the file (100 once done). */
function percentOf(report: Report): number {
  if (report.status === 'done') return 100;
  if (report.fileBytes <= 0) return 0;
  return Math.min(100, Math.floor((report.bytesRead / report.fileBytes) * 100));
}

function statusText(report: Report): string {
  switch (report.status) {
    case 'queued':
      return 'Waiting for the import worker…';
    case 'running':
      return report.fileBytes > 0 && report.bytesRead >= report.fileBytes
        ? `All ${formatCount(report.processed)} rows read; applying them…`
        : `Importing… ${formatCount(report.processed)} rows read`;
    case 'done':
      return `Import finished: ${formatCount(report.processed)} rows processed`;
    case 'failed':
      return 'Import failed: nothing was changed';
  }
}

function ProgressBar({ report }: { report: Report }) {
  const percent = percentOf(report);
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${formatCount(percent)}% · ${statusText(report)}`}
        className="h-3 w-full overflow-hidden rounded-full bg-gray-200"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-300 ${report.status === 'failed' ? 'bg-red-600' : 'bg-brand-600'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-gray-700">{formatCount(percent)}%</p>
    </div>
  );
}

const COUNTS = [
  ['processed', 'Processed'],
  ['created', 'Created'],
  ['updated', 'Updated'],
  ['retired', 'Retired'],
  ['skippedCount', 'Skipped'],
] as const;

function Counts({ report }: { report: Report }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5" data-testid="import-counts">
      {COUNTS.map(([key, label]) => (
        <div key={key} className="rounded-lg border border-gray-200 bg-white p-3">
          <dt className="text-xs font-medium text-gray-700">{label}</dt>
          <dd className="text-xl font-bold text-gray-900" data-testid={`import-${key}`}>
            {formatCount(report[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Each skipped row's line and reason, SKIPS_PER_PAGE at a time (the server lists the first 1,000). */
function SkippedRows({ report }: { report: Report }) {
  const [shown, setShown] = useState(SKIPS_PER_PAGE);
  if (report.skippedCount === 0) return <p className="text-sm text-gray-700">No rows were skipped.</p>;
  const rows = report.skipped.slice(0, shown);
  return (
    <section aria-labelledby="skipped-heading" className="space-y-2">
      <h4 id="skipped-heading" className="text-sm font-semibold text-gray-900">
        Skipped rows
      </h4>
      {report.skippedCount > report.skipped.length && (
        <p className="text-xs text-gray-700">
          The first {formatCount(report.skipped.length)} of {formatCount(report.skippedCount)} skipped rows are listed.
        </p>
      )}
      <div className="overflow-x-auto rounded-lg border border-gray-200">
        <table className="w-full text-left text-sm" data-testid="skipped-table">
          <caption className="sr-only">Skipped rows with their line in the file and the reason</caption>
          <thead className="bg-gray-50 text-xs font-semibold tracking-wide text-gray-700 uppercase">
            <tr>
              <th scope="col" className="w-20 px-3 py-2">
                Line
              </th>
              <th scope="col" className="px-3 py-2">
                Reason
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {rows.map((skip, i) => (
              <tr key={`${skip.line}-${i}`}>
                <td className="px-3 py-2 text-gray-800">{skip.line}</td>
                <td className="px-3 py-2 break-words">{skip.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown < report.skipped.length && (
        <Button variant="outline" size="sm" onClick={() => setShown((n) => n + SKIPS_PER_PAGE)}>
          Show more skipped rows ({formatCount(report.skipped.length - shown)} more)
        </Button>
      )}
    </section>
  );
}

/**
 * An import as it runs and once it ends (issue 26): a progress bar by the bytes the worker has read,
 * then the report — processed, created, updated, retired, skipped, with each skipped row's line and
 * reason — or the failure's message (a failed import changed nothing).
 */
export function ImportProgress({ id, onDone }: { id: number; onDone(): void }) {
  const query = useImportReport(id);
  useEndSessionOnRefusal(query.error);
  const report = query.data;
  return (
    <section aria-labelledby="import-run-heading" className="space-y-4" aria-live="polite">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id="import-run-heading" className="flex items-center gap-2 text-base font-semibold text-gray-900">
            {!report || report.status === 'queued' || report.status === 'running' ? (
              <Loader2 className="h-4 w-4 animate-spin text-brand-700" aria-hidden />
            ) : report.status === 'done' ? (
              <CheckCircle2 className="h-5 w-5 text-green-700" aria-hidden />
            ) : (
              <XCircle className="h-5 w-5 text-red-700" aria-hidden />
            )}
            <span className="break-words">Import #{id}{report ? ` · ${report.fileName}` : ''}</span>
          </h3>
          {report && (
            <p className="text-xs text-gray-700">
              Started {formatTimestamp(report.createdAt)}
              {report.finishedAt ? ` · finished ${formatTimestamp(report.finishedAt)}` : ''} · {report.sourceName}
            </p>
          )}
        </div>
        <Button variant="outline" size="sm" onClick={onDone}>
          Import another file
        </Button>
      </div>
      {query.isError && !report && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {errorMessage(query.error, 'The import could not be read. Please try again.')}
        </p>
      )}
      {!report && !query.isError && <Skeleton className="h-16 w-full" />}
      {report && (
        <>
          <p className="text-sm font-medium text-gray-900" data-testid="import-status">
            {statusText(report)}
          </p>
          <ProgressBar report={report} />
          {report.status === 'failed' && (
            <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              <p className="font-semibold">The import failed and changed nothing</p>
              <p data-testid="import-failure">{report.message ?? 'The import failed.'}</p>
            </div>
          )}
          {report.status !== 'failed' && <Counts report={report} />}
          {report.status === 'done' && <SkippedRows report={report} />}
        </>
      )}
    </section>
  );
}
