import Clock from 'lucide-react/icons/clock';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { useTruckOrdering } from '../api/truck-ordering';

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
  if (ordering.data.accepting) {
    return (
      <Button asChild className="h-11">
        <Link href={`/order/${truckId}`}>
          <ShoppingBag aria-hidden /> Order ahead
        </Link>
      </Button>
    );
  }
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
