import type { MenuItem } from '@shared/contracts';
import { MENU_CATEGORIES } from '@shared/constants';

export interface MenuStats {
  total: number;
  available: number;
  /** Mean price in dollars; 0 for an empty menu. */
  averagePrice: number;
}

/** On sale now: offered, and not sold out today (a sold-out dish is not one a diner can get). */
export const onSale = (item: Pick<MenuItem, 'available' | 'soldOutToday'>) => item.available && !item.soldOutToday;

export function menuStats(items: readonly Pick<MenuItem, 'available' | 'soldOutToday' | 'price'>[]): MenuStats {
  const total = items.length;
  const available = items.filter(onSale).length;
  const averagePrice = total === 0 ? 0 : items.reduce((sum, i) => sum + i.price, 0) / total;
  return { total, available, averagePrice };
}

/** 'All' plus each category present, in the spec's order (then any other), with counts. */
export function categoryCounts(
  items: readonly Pick<MenuItem, 'category'>[],
): { category: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const item of items)
    if (item.category) counts.set(item.category, (counts.get(item.category) ?? 0) + 1);
  const known = MENU_CATEGORIES.filter((c) => counts.has(c));
  const others = [...counts.keys()].filter((c) => !(MENU_CATEGORIES as readonly string[]).includes(c)).sort();
  return [
    { category: 'All', count: items.length },
    ...[...known, ...others].map((c) => ({ category: c, count: counts.get(c) ?? 0 })),
  ];
}
