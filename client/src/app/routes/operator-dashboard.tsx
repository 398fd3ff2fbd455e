import Plus from 'lucide-react/icons/plus';
import Truck from 'lucide-react/icons/truck';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { useOperatorTrucks } from '@client/features/operator/api/operator-trucks';
import { LocationDeniedNotice } from '@client/features/operator/components/location-denied-notice';
import { OperatorOnly } from '@client/features/operator/components/operator-only';
import { FleetOverview } from '@client/features/operator/components/fleet-overview';
import { TruckCard } from '@client/features/operator/components/truck-card';
import { useLiveOperatorTrucks } from '@client/features/operator/hooks/use-live-operator-trucks';
import { useLocationPermission } from '@client/features/operator/hooks/use-location-permission';
import { StopPlaceAction } from '@client/features/schedules/components/stop-place-action';
import { useMyClaims } from '@client/features/claims/api/claims';
import { MyClaims } from '@client/features/claims/components/my-claims';
import { GoingCounts } from '@client/features/going/components/going-counts';
import { InsightsSection } from '@client/features/insights/components/insights-section';
import { DemandSection } from '@client/features/insights/components/demand-section';
import { useLiveGoingCounts } from '@client/features/going/hooks/use-live-going';
import { useOperatorOrderCounts } from '@client/features/orders/api/order-counts';
import { PayoutsPanel } from '@client/features/orders/components/payouts-panel';
import { useSubscriptionStatus } from '@client/features/subscription/api/subscription-status';
import { SubscriptionPanel } from '@client/features/subscription/components/subscription-panel';
import { useStripeReturn } from '@client/features/subscription/payment-toasts';
import { errorMessage } from '@client/lib/api-client';
import { useScreenTitle } from '@client/lib/screen-title';

function Dashboard({ operatorId }: { operatorId: number }) {
  // The 5-second polling runs only while the event stream is down.
  const live = useLiveOperatorTrucks(operatorId) === 'open';
  const trucks = useOperatorTrucks(operatorId, live);
  // "I'm going" counts per stop, refetched when the stream says they changed (issue 31).
  useLiveGoingCounts();
  // Orders waiting on each truck, live: the operator sees a new one without opening the kitchen.
  const orderCounts = useOperatorOrderCounts(live).data;
  const waiting = (orderCounts ?? []).reduce((n, c) => n + c.received, 0);
  useScreenTitle(waiting > 0 ? `(${waiting}) Operator Dashboard` : null);
  useStripeReturn();
  // The subscription panel sits above the trucks: one loading state stands for both, and both appear
  // together, so neither pushes the other down when it arrives (layout shift). The status
  // is waited for once (isFetched stays true through later refetches, such as the panel's own on
  // mount after a failure).
  const subscription = useSubscriptionStatus();
  const loading = trucks.isPending || !subscription.isFetched;
  const permission = useLocationPermission();
  const denied = permission === 'denied';
  // Claimed listings stay on diners' maps without a subscription (ADR 0158): the banner says so.
  const claims = useMyClaims();
  const claimedTrucks = (trucks.data ?? []).filter((truck) =>
    claims.data?.some((claim) => claim.status === 'approved' && claim.foodTruckId === truck.id),
  ).length;

  return (
    <main className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:py-8">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Operator Dashboard</h1>
        <p className="text-gray-700">Manage your food trucks and locations</p>
      </header>
      {/* First, and not waiting for the trucks: the permission is the browser's, asked by the page's
          first script, which shows this notice in the server's frame of the screen (ADR 0175). */}
      <LocationDeniedNotice hidden={!denied} />
      {!loading && <SubscriptionPanel claimedTrucks={claimedTrucks} trucks={trucks.data?.length ?? 0} />}
      {!loading && <PayoutsPanel />}
      {!loading && <MyClaims />}
      {loading ? (
        <div className="flex items-center justify-center gap-3 py-16 text-gray-700">
          <Spinner className="h-6 w-6 text-brand-700" label="Loading" />
          <p>Loading your dashboard...</p>
        </div>
      ) : trucks.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          {errorMessage(trucks.error, 'Failed to load your food trucks. Please try again later.')}
        </p>
      ) : trucks.data.length === 0 ? (
        <Card className="mx-auto grid max-w-lg justify-items-center gap-4 p-8 text-center">
          <Truck className="h-14 w-14 text-brand-700" aria-hidden />
          <h2 className="text-xl font-semibold">Welcome to Your Dashboard</h2>
          <p className="text-gray-700">
            Add your food truck to share its location, hours and menu with hungry customers.
          </p>
          <Button asChild>
            <Link href="/create-truck">
              <Plus aria-hidden /> Create Your First Food Truck
            </Link>
          </Button>
        </Card>
      ) : (
        <>
          <FleetOverview trucks={trucks.data} orders={orderCounts} />
          <div className="grid gap-6 lg:grid-cols-2">
            {trucks.data.map((truck) => (
              <TruckCard key={truck.id} truck={truck} locationDenied={denied} orders={orderCounts?.find((o) => o.foodTruckId === truck.id)}>
                <StopPlaceAction truck={truck} />
                <GoingCounts truckId={truck.id} />
                <InsightsSection truckId={truck.id} truckName={truck.name} />
              </TruckCard>
            ))}
          </div>
          <DemandSection operatorId={operatorId} />
          <div className="flex justify-center">
            <Button asChild variant="outline">
              <Link href="/create-truck">
                <Plus aria-hidden /> Add Another Food Truck
              </Link>
            </Button>
          </div>
        </>
      )}
    </main>
  );
}

export default function OperatorDashboardPage() {
  return <OperatorOnly>{(operatorId) => <Dashboard operatorId={operatorId} />}</OperatorOnly>;
}
