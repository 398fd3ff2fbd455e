import Clock from 'lucide-react/icons/clock';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { useTruckOrdering } from '../api/truck-ordering';

function OrderAheadLink({ truckId, className, size }: { truckId: number; className?: string; size?: 'sm' }) {
  return (
    <Button asChild className={className} size={size}>
      <Link href={`/order/${truckId}`}>
        <ShoppingBag aria-hidden /> Order ahead
      </Link>
    </Button>
  );
}

/**
 * The truck page's first screen (ADR 0162, session 56 amendment): "Order ahead" beside Get
 * Directions while the truck takes orders, and nothing otherwise (the menu's panel says why). The
 * server renders the page with the truck's ordering answer, so the button is there from the first
 * paint and moves nothing when it comes.
 */
export function OrderAheadShortcut({ truckId }: { truckId: number }) {
  const ordering = useTruckOrdering(truckId);
  return ordering.data?.accepting ? <OrderAheadLink truckId={truckId} size="sm" /> : null;
}

/**
 * "Order ahead" where a truck's menu is shown (the menu dialog on /find-trucks, the truck's page):
 * the button only while the server says the truck takes orders now (GET …/ordering, the one home of
 * the rule); otherwise the server's reason, word for word ("… is closed right now. Ordering opens
 * when the truck does."), so no surface offers a button that ends in a refusal. The panel refetches
 * on every truck event (truck-cache.ts): it follows the truck opening, closing or pausing live.
 */
export function OrderAhead({ truckId }: { truckId: number }) {
  const ordering = useTruckOrdering(truckId);
  if (ordering.isPending) return <Skeleton className="h-11 w-40" />;
  // No panel (a truck diners cannot order from at all): nothing to offer, nothing to explain.
  if (!ordering.data) return null;
  if (ordering.data.accepting) return <OrderAheadLink truckId={truckId} className="h-11" />;
  return (
    <p
      className="flex items-start gap-2 rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm text-gray-800"
      data-testid="ordering-unavailable"
    >
      <Clock className="mt-0.5 h-4 w-4 shrink-0 text-gray-600" aria-hidden />
      <span>{ordering.data.reason}</span>
    </p>
  );
}
