import type { FoodTruck } from '@shared/contracts';
import Heart from 'lucide-react/icons/heart';
import { useState } from 'react';
import { Link, Redirect } from 'wouter';
import { SignInRequired } from '@client/components/layouts/sign-in-required';
import { Button } from '@client/components/ui/button';
import { SkeletonRows } from '@client/entities/truck/truck-parts';
import { FavoriteTruckCard } from '@client/features/favorites/components/favorite-truck-card';
import { openFirst } from '@client/features/favorites/favorites-order';
import { FavoritesCalendarPanel } from '@client/features/schedules/components/favorites-calendar-panel';
import { useUpcomingStopsFollowChanges } from '@client/features/schedules/api/upcoming-stops';
import { TruckStatusLine } from '@client/features/schedules/components/truck-status-line';
import { SmsAlertsSwitch } from '@client/features/favorites/components/sms-alerts-switch';
import { PushDeviceCard } from '@client/features/push/components/push-device-card';
import { useLiveFavorites } from '@client/features/favorites/hooks/use-live-favorites';
import { useAuth } from '@client/lib/auth';
import { withReturn } from '@client/lib/return-to';
import { isCustomer, isOperator } from '@client/lib/roles';

const renderSchedule = (truck: FoodTruck) => <TruckStatusLine truck={truck} className="mt-0.5" />;

function FavoritesList() {
  const { user } = useAuth();
  const favorites = useLiveFavorites(true);
  useUpcomingStopsFollowChanges();
  const [expandedId, setExpandedId] = useState<number | null>(null);
  const onToggle = (id: number) => setExpandedId((current) => (current === id ? null : id));

  return (
    <main className="mx-auto grid max-w-3xl gap-6 px-4 py-6 sm:py-8">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Your Favorite Food Trucks</h1>
      </header>
      {/* The trucks first: on a phone the alert and calendar cards below took the whole first screen. */}
      {favorites.isPending ? (
        // Spec section 9: 3 skeleton rows on favourites.
        <SkeletonRows count={3} lines={2} label="Loading favorites" testId="favorite-skeleton" />
      ) : favorites.isError && !favorites.data ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          Failed to load your favorites. Please try again later.
        </p>
      ) : favorites.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center">
          <Heart className="mx-auto h-10 w-10 text-gray-400" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold">No favorites yet</h2>
          <p className="mt-1 text-gray-700">Tap the heart on a truck to keep it here and hear when it opens near you.</p>
          <Button asChild className="mt-4">
            <Link href="/find-trucks">Find Food Trucks</Link>
          </Button>
        </div>
      ) : (
        <ul className="space-y-3" aria-label="Favorite food trucks">
          {openFirst(favorites.data).map((truck) => (
            <li key={truck.id}>
              <FavoriteTruckCard
                truck={truck}
                expanded={expandedId === truck.id}
                onToggle={onToggle}
                renderSchedule={renderSchedule}
              />
            </li>
          ))}
        </ul>
      )}
      {isCustomer(user) && (
        <section aria-labelledby="favorite-alerts-heading" className="grid gap-4">
          <h2 id="favorite-alerts-heading" className="text-lg font-semibold">
            Alerts and calendar
          </h2>
          <PushDeviceCard />
          <SmsAlertsSwitch />
          <FavoritesCalendarPanel />
        </section>
      )}
    </main>
  );
}

/** /favorites (spec section 2): operators go to their dashboard, visitors are asked to log in. */
export default function FavoritesPage() {
  const { user } = useAuth();
  if (isOperator(user)) return <Redirect to="/operator-dashboard" replace />;
  if (!user) {
    return (
      <SignInRequired title="Login Required" href={withReturn('/login', '/favorites')} action="Log In to View Favorites">
        Log in to see your favorite food trucks and get alerts when they open.
      </SignInRequired>
    );
  }
  return <FavoritesList />;
}
