import type { FoodTruck, TruckOrderCount } from '@shared/contracts';
import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/lib/utils';

/** A fleet this big gets the list of its trucks at the top of the dashboard. */
export const FLEET_OVERVIEW_MIN_TRUCKS = 3;

/** Whether the truck is open, as the dashboard's cards and its list of trucks say it. */
export function OpenBadge({ isOpen }: { isOpen: boolean }) {
  return <Badge variant={isOpen ? 'success' : 'secondary'}>{isOpen ? 'Open' : 'Closed'}</Badge>;
}

/** "2 new" (orders waiting to be accepted) or "3" (in progress) beside a truck's orders; nothing when none. `onBrand`: on a brand-coloured button. */
export function OrdersPill({ orders, long = false, onBrand = false }: { orders: TruckOrderCount | undefined; long?: boolean; onBrand?: boolean }) {
  if (!orders || orders.active === 0) return null;
  if (orders.received > 0) {
    return (
      <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', onBrand ? 'bg-white text-brand-800' : 'bg-brand-700 text-white')} data-testid="orders-new">
        {orders.received} new{long ? (orders.received === 1 ? ' order' : ' orders') : ''}
      </span>
    );
  }
  return (
    <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-900" data-testid="orders-active">
      {orders.active}
      {long ? ' in progress' : ''}
    </span>
  );
}

/** What a screen reader hears of the pill: ", 2 new" or ", 3 in progress". */
export const ordersSaid = (orders: TruckOrderCount | undefined): string =>
  !orders || orders.active === 0 ? '' : orders.received > 0 ? `, ${orders.received} new` : `, ${orders.active} in progress`;

/** The id of a truck's card on the dashboard: what the list of trucks links to. */
export const dashboardCardId = (truckId: number) => `truck-${truckId}`;

/**
 * An operator with several trucks sees them all first, each with whether it is open and a link to
 * its card: on a phone each card is a screen tall, and twelve of them were 11,000 px to scroll
 * through to find one. Fewer trucks: the cards are the list.
 */
export function FleetOverview({ trucks, orders }: { trucks: readonly FoodTruck[]; orders?: readonly TruckOrderCount[] | undefined }) {
  if (trucks.length < FLEET_OVERVIEW_MIN_TRUCKS) return null;
  const open = trucks.filter((truck) => truck.isOpen).length;
  return (
    <nav aria-labelledby="fleet-overview-title" className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="fleet-overview-title" className="text-lg font-semibold">
        Your trucks <span className="text-base font-normal text-gray-700">· {open} of {trucks.length} open</span>
      </h2>
      <ul className="mt-2 grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
        {trucks.map((truck) => (
          <li key={truck.id}>
            <a
              href={`#${dashboardCardId(truck.id)}`}
              className="flex min-h-11 items-center justify-between gap-3 rounded-md px-2 py-2 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <span className="min-w-0 truncate">{truck.name}</span>
              <span className="flex shrink-0 items-center gap-2">
                <OrdersPill orders={orders?.find((o) => o.foodTruckId === truck.id)} long />
                <OpenBadge isOpen={truck.isOpen} />
              </span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
