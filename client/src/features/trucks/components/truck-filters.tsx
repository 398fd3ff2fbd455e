import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import X from 'lucide-react/icons/x';
import { useId, useState } from 'react';
import { FEATURE_GROUPS, TRUCK_FILTERS, truckFilter, type TruckFilter } from '@shared/utils/attributes';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/utils';

const GROUPS: { label: string; kinds: (f: TruckFilter) => boolean }[] = [
  ...FEATURE_GROUPS.map((group) => ({
    label: group.label,
    kinds: (f: TruckFilter) => f.kind === 'feature' && (group.features as readonly string[]).includes(f.feature),
  })),
  { label: 'Diet', kinds: (f) => f.kind === 'diet' },
  { label: 'Allergens', kinds: (f) => f.kind === 'free' },
];

const toggleClass = (on: boolean) =>
  cn(
    'min-h-9 rounded-full border px-3 py-1.5 text-sm font-medium',
    on ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-100',
  );

/**
 * /find-trucks' filters (issue 28): "Takes cards", "Step-free", "Vegan options", "No peanuts" … as
 * toggle buttons in a panel that opens below its button (no portal: usable at 360 px, by keyboard and
 * by touch). The ones in force stay visible as removable chips while the panel is closed. Matching
 * is shared/utils/attributes' matchesFilters, the same code the API runs.
 */
export function TruckFilters({ value, onChange }: { value: readonly string[]; onChange(next: string[]): void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggle = (id: string) =>
    onChange(value.includes(id) ? value.filter((v) => v !== id) : TRUCK_FILTERS.map((f) => f.id).filter((f) => f === id || value.includes(f)));
  return (
    <div className="mb-4" data-testid="truck-filters">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
          <SlidersHorizontal aria-hidden /> Filters{value.length > 0 ? ` (${value.length})` : ''}
        </Button>
        {value.map((id) => {
          const filter = truckFilter(id);
          if (!filter) return null;
          return (
            <button
              key={id}
              type="button"
              onClick={() => toggle(id)}
              aria-label={`Remove filter: ${filter.label}`}
              className="inline-flex min-h-8 items-center gap-1 rounded-full bg-brand-700 px-3 py-1 text-sm font-medium text-white"
            >
              {filter.label} <X className="h-3.5 w-3.5" aria-hidden />
            </button>
          );
        })}
        {value.length > 0 && (
          <button type="button" className="text-sm text-brand-700 underline" onClick={() => onChange([])}>
            Clear filters
          </button>
        )}
      </div>
      {open && (
        <div id={panelId} className="mt-3 grid gap-3 rounded-xl border border-gray-200 bg-white p-3">
          <p className="text-xs text-gray-700">
            Only what trucks have stated counts: a truck that has not said whether it takes cards is not shown under
            “Takes cards”.
          </p>
          {GROUPS.map((group) => (
            <fieldset key={group.label}>
              <legend className="mb-1 text-sm font-semibold text-gray-800">{group.label}</legend>
              <div className="flex flex-wrap gap-2">
                {TRUCK_FILTERS.filter(group.kinds).map((f) => (
                  <button key={f.id} type="button" aria-pressed={value.includes(f.id)} onClick={() => toggle(f.id)} className={toggleClass(value.includes(f.id))}>
                    {f.label}
                  </button>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
      )}
    </div>
  );
}
