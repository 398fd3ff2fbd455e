import type { ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';

/**
 * The panel's tables: spec columns as headers, a skeleton while the first page loads, an empty line,
 * rows stacked as cards on phones, and Load more while the server has further pages.
 */
export function AdminTable({
  caption,
  columns,
  loading,
  empty,
  rows,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  caption: string;
  columns: readonly string[];
  loading: boolean;
  empty: string;
  rows: ReactNode[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
}) {
  return (
    <div>
      <div className="overflow-x-auto rounded-lg border border-gray-200" data-testid="admin-table">
        {/* Below 640 px each row stacks its cells (a card per account), so Pause, Edit and Delete are
            on the phone's screen instead of at the end of a 775-px-wide table (issue 27). */}
        <table className="w-full text-left text-sm max-sm:block sm:min-w-[40rem] max-sm:[&_td]:block max-sm:[&_td]:py-1.5 max-sm:[&>tbody>tr]:block max-sm:[&>tbody>tr]:py-2">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-gray-50 text-xs font-semibold tracking-wide text-gray-700 uppercase max-sm:sr-only">
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col" className="px-4 py-3">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 max-sm:block">
            {loading &&
              [0, 1, 2].map((i) => (
                <tr key={i}>
                  <td colSpan={columns.length} className="px-4 py-3">
                    <Skeleton className="h-6 w-full" />
                  </td>
                </tr>
              ))}
            {!loading && rows.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="px-4 py-6 text-center text-gray-600">
                  {empty}
                </td>
              </tr>
            )}
            {rows}
          </tbody>
        </table>
      </div>
      {hasMore && (
        <div className="mt-3 flex justify-center">
          <Button variant="outline" onClick={onLoadMore} disabled={loadingMore}>
            {loadingMore ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * A table cell with the panel's padding. `label` (its column's header) goes before the value where
 * the rows are stacked on a phone and the headers are hidden: "Total $24.50" rather than a bare
 * "$24.50" among other bare values. Screen readers have the headers, so it is not read out.
 */
export function Cell({ children, className = '', label }: { children?: ReactNode; className?: string; label?: string }) {
  return (
    <td
      data-label={label}
      className={`px-4 py-3 align-top ${label ? "max-sm:before:mr-1.5 max-sm:before:font-semibold max-sm:before:text-gray-700 max-sm:before:content-[attr(data-label)_/_'']" : ''} ${className}`}
    >
      {children}
    </td>
  );
}
