import { INSIGHT_PERIODS, type InsightPeriod } from '@shared/contracts/insight-limits';
import { Button } from '@client/components/ui/button';

/** The 7 / 30 / 90 days buttons of the insights and the demand map (the chosen one pressed). */
export function PeriodPicker({
  days,
  onChange,
}: {
  days: InsightPeriod;
  onChange: (days: InsightPeriod) => void;
}) {
  return (
    <div role="group" aria-label="Period" className="flex gap-1">
      {INSIGHT_PERIODS.map((p) => (
        <Button
          key={p}
          type="button"
          size="sm"
          variant={p === days ? 'default' : 'outline'}
          aria-pressed={p === days}
          onClick={() => onChange(p)}
        >
          {p} days
        </Button>
      ))}
    </div>
  );
}
