import type { MenuItem } from '@shared/contracts';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/lib/utils';
import { categoryCounts, menuStats } from '../menu-stats';
import { formatPrice } from '@shared/utils/format';

/** Total items, available count and average price. */
export function MenuStatsRow({ items }: { items: MenuItem[] }) {
  const stats = menuStats(items);
  const cells = [
    { label: 'Total Items', value: String(stats.total) },
    { label: 'Available', value: String(stats.available) },
    { label: 'Average Price', value: formatPrice(stats.averagePrice) },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-4">
      {cells.map((c) => (
        <Card key={c.label} className="p-3 text-center sm:p-4">
          <dt className="text-xs text-gray-700 sm:text-sm">{c.label}</dt>
          <dd className="text-lg font-bold sm:text-2xl">{c.value}</dd>
        </Card>
      ))}
    </dl>
  );
}

/** 'All' plus each category present, with counts; the selected one is pressed. */
export function CategoryFilter({
  items,
  selected,
  onSelect,
}: {
  items: MenuItem[];
  selected: string;
  onSelect(category: string): void;
}) {
  return (
    <div role="group" aria-label="Filter by category" className="flex flex-wrap gap-2">
      {categoryCounts(items).map(({ category, count }) => (
        <button
          key={category}
          type="button"
          aria-pressed={selected === category}
          onClick={() => onSelect(category)}
          className={cn(
            'rounded-full border px-3 py-1.5 text-sm font-medium',
            selected === category
              ? 'border-brand-700 bg-brand-700 text-white'
              : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-100',
          )}
        >
          {category} ({count})
        </button>
      ))}
    </div>
  );
}
