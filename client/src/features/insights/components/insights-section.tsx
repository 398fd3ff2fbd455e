import { lazy, Suspense, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { Glyph } from '@client/components/ui/glyph';

// The charts (uPlot) load only when an operator opens a truck's insights: the dashboard's own chunk stays small.
const InsightsPanel = lazy(() => import('./insights-panel'));

/** A truck's "Insights" on the operator's dashboard: closed until asked for (issue 31). */
export function InsightsSection({ truckId, truckName }: { truckId: number; truckName: string }) {
  const [open, setOpen] = useState(false);
  const panelId = `insights-${truckId}`;
  return (
    <section aria-label={`Insights of ${truckName}`} className="grid gap-2">
      <Button type="button" variant="outline" size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)} className="justify-self-start">
        <Glyph name="chart-column" /> {open ? 'Hide insights' : 'Insights'}
      </Button>
      {open && (
        <div id={panelId}>
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <InsightsPanel truckId={truckId} />
          </Suspense>
        </div>
      )}
    </section>
  );
}
