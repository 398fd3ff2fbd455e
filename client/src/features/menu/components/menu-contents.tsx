import type { TruckSummary, MenuItem } from '@shared/contracts';
import FileText from 'lucide-react/icons/file-text';
import type { ReactNode } from 'react';
import { Spinner } from '@client/components/ui/spinner';
import { useTruck } from '@client/entities/truck/truck-details';
import { useMenu } from '../api/menu';
import { formatPrice } from '@shared/utils/format';
import type { DietaryNeeds } from '@shared/utils/attributes';
import { MenuItemLabels } from '@client/entities/truck/truck-attributes';

export function isPdf(ref: string): boolean {
  return /^data:application\/pdf/i.test(ref) || /\.pdf(?:$|[?#])/i.test(ref);
}

/** Menu items by category, in the server's order (available first within the grouped order). */
export function groupMenuItems(items: readonly MenuItem[]): [string, MenuItem[]][] {
  const groups = new Map<string, MenuItem[]>();
  for (const item of items) {
    const key = item.category ?? 'Other';
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups];
}

/**
 * A truck's menu documents and items, or the empty texts (menu dialog, share page). `orderAction`
 * (the screen composes it: "Order ahead", or why not now) shows above a menu with something to order.
 */
export function MenuContents({
  truck,
  needs,
  orderAction,
}: {
  truck: Pick<TruckSummary, 'id' | 'name'>;
  needs?: DietaryNeeds | undefined;
  orderAction?: ReactNode;
}) {
  const menu = useMenu(truck.id);
  // The menu documents belong to the whole truck; lists hold summaries (ADR 0120).
  const details = useTruck(truck.id);
  const items = menu.data ?? [];
  const docs = details.data?.menuDocuments ?? [];

  if (menu.isPending || details.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner className="h-6 w-6 text-brand-700" label="Loading menu" />
      </div>
    );
  }
  if (docs.length === 0 && items.length === 0) {
    return (
      <div className="py-8 text-center">
        <FileText className="mx-auto h-10 w-10 text-gray-400" aria-hidden />
        <p className="mt-3 font-semibold">No menu available</p>
        <p className="mt-1 text-sm text-gray-600">The restaurant hasn't uploaded their menu yet.</p>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {orderAction && items.some((item) => item.available && !item.soldOutToday) && orderAction}
      {docs.length > 0 && (
        <ul className="space-y-4" aria-label="Menu documents">
          {docs.map((doc, i) => (
            <li key={`${i}-${doc.slice(0, 64)}`}>
              {isPdf(doc) ? (
                <a
                  href={doc}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-2 text-brand-700 underline"
                >
                  <FileText className="h-4 w-4" aria-hidden /> Menu document {i + 1} (PDF, opens in a new tab)
                </a>
              ) : (
                <img
                  src={doc}
                  alt={`${truck.name} menu, page ${i + 1}`}
                  className="w-full rounded-lg border"
                  loading="lazy"
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {groupMenuItems(items).map(([category, group]) => (
        <section key={category} aria-label={category}>
          <h3 className="text-sm font-semibold tracking-wide text-gray-600 uppercase">{category}</h3>
          <ul className="mt-2 divide-y divide-gray-100">
            {group.map((item) => (
              <li key={item.id} className="flex gap-3 py-2">
                {item.image && (
                  <img
                    src={item.image}
                    alt=""
                    className="h-12 w-12 shrink-0 rounded object-cover"
                    loading="lazy"
                  />
                )}
                <div className="min-w-0 flex-1">
                  <p className={item.soldOutToday ? 'font-medium text-gray-600' : 'font-medium'}>
                    {item.name}
                    {!item.available && (
                      <span className="ml-2 text-xs font-normal text-gray-600">(unavailable)</span>
                    )}
                  </p>
                  {item.description && <p className="text-sm text-gray-600">{item.description}</p>}
                  <MenuItemLabels item={item} needs={needs} />
                </div>
                <p className="shrink-0 font-medium">{formatPrice(item.price)}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
