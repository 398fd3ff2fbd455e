import type { ImportSummary } from '@shared/contracts';
import { formatCount, formatTimestamp } from '@shared/utils/format';
import { useState } from 'react';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { useImportsList } from '../api/imports';
import { foundText, useListView } from '../hooks/use-list-view';
import { AdminTable, Cell } from './admin-table';
import { ImportForm } from './import-form';
import { ImportProgress } from './import-report';
import { ListToolbar } from './list-toolbar';

const COLUMNS = ['Started', 'File', 'Status', 'Rows', 'By', 'Report'] as const;
const variantOf = (status: ImportSummary['status']) =>
  status === 'done' ? 'success' : status === 'failed' ? 'destructive' : 'secondary';

/** 'processed 8 · created 3 · updated 0 · retired 0 · skipped 5' */
const rowsText = (i: ImportSummary) =>
  `${formatCount(i.processed)} processed · ${formatCount(i.created)} created · ${formatCount(i.updated)} updated · ${formatCount(i.retired)} retired · ${formatCount(i.skippedCount)} skipped`;

/** Past imports, newest first: their counts, and a button to open each one's report. */
function PastImports({ onOpen }: { onOpen(id: number): void }) {
  const { list, toolbar, table } = useListView(useImportsList, { failureTitle: 'Failed to fetch imports' });
  return (
    <section aria-labelledby="past-imports-heading" className="space-y-2">
      <h3 id="past-imports-heading" className="text-base font-semibold text-gray-900">
        Past imports
      </h3>
      <ListToolbar {...toolbar} label="Search imports" placeholder="File or source name" count={foundText(list.total, 'import')} />
      <AdminTable
        {...table}
        caption="Past imports"
        columns={COLUMNS}
        empty="No imports yet."
        rows={list.items.map((i) => (
          <tr key={i.id} data-testid="past-import">
            <Cell label="Started" className="text-xs whitespace-nowrap">{formatTimestamp(i.createdAt)}</Cell>
            <Cell className="break-words">
              <span className="font-medium">{i.fileName}</span>
              <span className="block text-xs text-gray-700">{i.sourceName}</span>
            </Cell>
            <Cell>
              <Badge variant={variantOf(i.status)}>{i.status}</Badge>
              {i.message && <p className="mt-1 text-xs text-red-700">{i.message}</p>}
            </Cell>
            <Cell className="text-xs text-gray-800">{rowsText(i)}</Cell>
            <Cell label="By">{i.adminUsername ?? '—'}</Cell>
            <Cell>
              <Button variant="outline" size="sm" onClick={() => onOpen(i.id)} aria-label={`Open the report of import #${i.id}`}>
                Open report
              </Button>
            </Cell>
          </tr>
        ))}
      />
    </section>
  );
}

/**
 * Imports (issue 26, ADR 0157): import a city's open food-truck data — pick the file and its format,
 * preview, import with a progress bar, read the report — and the imports before it.
 */
export function ImportsTab() {
  const [running, setRunning] = useState<number | null>(null);
  const open = (id: number) => {
    setRunning(id);
    document.getElementById('import-card')?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };
  return (
    <section aria-label="Imports" className="space-y-6">
      <Card id="import-card" className="space-y-4 p-4">
        <div>
          <h2 className="text-lg font-semibold text-gray-900">Import open data</h2>
          <p className="text-sm text-gray-700">
            Food-truck permits a city publishes become listings diners can find, marked as unclaimed. Re-importing a source
            updates its listings and retires the ones it no longer has.
          </p>
        </div>
        {running === null ? <ImportForm onStarted={setRunning} /> : <ImportProgress key={running} id={running} onDone={() => setRunning(null)} />}
      </Card>
      <PastImports onOpen={open} />
    </section>
  );
}
