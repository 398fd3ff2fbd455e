import { useScreenTitle } from '@client/lib/screen-title';
import { Link, useParams } from 'wouter';
import { Card } from '@client/components/ui/card';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { useTruck } from '@client/entities/truck/truck-details';
import { useLiveTruckCache } from '@client/entities/truck/use-truck-events';
import { useDietaryNeeds } from '@client/features/diet/api/dietary-needs';
import { useMenu } from '@client/features/menu/api/menu';
import { useTruckOrdering } from '@client/features/orders/api/truck-ordering';
import { Checkout } from '@client/features/orders/components/checkout';
import { useKeptDraft } from '@client/features/orders/hooks/use-kept-draft';
import { parseId } from '@shared/utils/ids';
import { errorMessage } from '@client/lib/api-client';
import { useAuth } from '@client/lib/auth';
import { withReturn } from '@client/lib/return-to';
import { isCustomer } from '@client/lib/roles';

function Loading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner className="h-8 w-8 text-brand-700" label="Loading" />
    </div>
  );
}

function CheckoutScreen({ truckId }: { truckId: number }) {
  // Live: the truck closing or pausing orders turns this page into the reason at once (truck-cache.ts).
  useLiveTruckCache();
  const truck = useTruck(truckId);
  const menu = useMenu(truckId);
  const ordering = useTruckOrdering(truckId);
  const needs = useDietaryNeeds();
  // Here, not in the form: the truck closing or pausing swaps the form for the reason, and the cart
  // is still there when it takes orders again.
  const draft = useKeptDraft(truckId);
  if (truck.isPending || menu.isPending || ordering.isPending) return <Loading />;
  const error = truck.error ?? menu.error ?? ordering.error;
  if (error || !truck.data || !menu.data || !ordering.data) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
        {errorMessage(error, 'This truck could not be loaded. Please try again.')}
      </p>
    );
  }
  if (!ordering.data.accepting) {
    return (
      <Card className="grid justify-items-start gap-3 p-6">
        <h2 className="text-xl font-semibold">Ordering ahead is not available</h2>
        <p className="text-gray-800">{ordering.data.reason}</p>
        <Button asChild variant="outline">
          <Link href={`/trucks/${truckId}`}>Back to {truck.data.name}</Link>
        </Button>
      </Card>
    );
  }
  return <Checkout truck={truck.data} items={menu.data} ordering={ordering.data} draft={draft} needs={needs} />;
}

/** /order/:truckId — the diner orders ahead and pays (issue 30). Customers only; others sign in first. */
export default function OrderCheckoutPage() {
  const { truckId: raw } = useParams<{ truckId: string }>();
  const truckId = parseId(raw);
  const { user } = useAuth();
  const truck = useTruck(truckId ?? 0, truckId !== null);
  useScreenTitle(truck.data ? `Order ahead from ${truck.data.name}` : null);
  return (
    <main className="mx-auto grid max-w-5xl gap-6 px-4 py-6 sm:py-8">
      <header>
        <h1 className="text-2xl font-bold wrap-anywhere sm:text-3xl">Order ahead{truck.data ? ` from ${truck.data.name}` : ''}</h1>
        <p className="text-gray-700">Skip the line: pay now, pick up when it is ready.</p>
      </header>
      {truckId === null ? (
        <p role="alert">Food truck not found.</p>
      ) : !user ? (
        <Card className="grid justify-items-start gap-3 p-6">
          <p>Sign in as a customer to order ahead.</p>
          {/* A diner new to the app signs up here and comes back to this order (`?next=`). */}
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link href={withReturn('/login', `/order/${truckId}`)}>Sign in</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href={withReturn('/register', `/order/${truckId}`)}>Create an account</Link>
            </Button>
          </div>
        </Card>
      ) : !isCustomer(user) ? (
        <p role="alert" className="rounded-lg border border-gray-200 p-4">Ordering ahead is for customer accounts.</p>
      ) : (
        <CheckoutScreen truckId={truckId} />
      )}
    </main>
  );
}
