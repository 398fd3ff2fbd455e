import type { FoodTruck } from '@shared/contracts';
import CalendarPlus from 'lucide-react/icons/calendar-plus';
import MapIcon from 'lucide-react/icons/map';
import MapPin from 'lucide-react/icons/map-pin';
import Navigation from 'lucide-react/icons/navigation';
import Phone from 'lucide-react/icons/phone';
import Utensils from 'lucide-react/icons/utensils';
import { lazy, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { parseId } from '@shared/utils/ids';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { RatingBadge } from '@client/entities/truck/rating-badge';
import { ShareButton } from '@client/entities/truck/share-button';
import { Skeleton } from '@client/components/ui/skeleton';
import {
  StatusBadge,
  TruckImage,
  TruckPhoneLink,
  UpdatedAgo,
  ListingNote,
  ListingSource,
} from '@client/entities/truck/truck-parts';
import { TruckNotFound, truckLoadState } from '@client/features/operator/components/truck-not-found';
import { MenuContents } from '@client/features/menu/components/menu-contents';
import { OrderAhead, OrderAheadShortcut } from '@client/features/orders/components/order-ahead';
import { NextStops } from '@client/features/schedules/components/next-stops';
import { TruckGoingButton } from '@client/app/truck-going-button';
import { FavoriteButton } from '@client/features/favorites/components/favorite-button';
import { GoingNotices } from '@client/features/going/components/going-notices';
import { useReportView } from '@client/features/insights/hooks/use-report-view';
import { TruckStatusLine } from '@client/features/schedules/components/truck-status-line';
import { useUpcomingStopsFollowChanges } from '@client/features/schedules/api/upcoming-stops';
import { placeOf } from '@shared/utils/truck-address';
import { useTruck } from '@client/entities/truck/truck-details';
import { useLiveTruckCache } from '@client/entities/truck/use-truck-events';
import { directionsUrl, hasCoordinates, isLive } from '@client/entities/truck/truck-format';
import { TruckFeatureDetails } from '@client/entities/truck/truck-attributes';
import { useScreenTitle } from '@client/lib/screen-title';
import { useDietaryNeeds } from '@client/features/diet/api/dietary-needs';
import { BrowserOnly } from '@client/lib/hydration';

// Leaflet loads on demand: the page's text shows first.
/** The truck's calendar feed (its scheduled stops, iCalendar): a calendar app opens or subscribes to it. */
const truckCalendarUrl = (truckId: number) => `/api/food-trucks/${truckId}/calendar.ics`;

const TruckSpotMap = lazy(() => import('@client/features/map/components/truck-spot-map'));
// Only a listing's page (or its claimant's) shows it: its form and progress load apart from the page.
const ClaimPrompt = lazy(() =>
  import('@client/features/claims/components/claim-prompt').then((m) => ({ default: m.ClaimPrompt })),
);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`share-${title}`} className="space-y-2">
      <h2 id={`share-${title}`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function TruckPage({ truck }: { truck: FoodTruck }) {
  const needs = useDietaryNeeds();
  useScreenTitle(truck.name);
  const live = isLive(truck);
  const directions = directionsUrl(truck);
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-6">
      <article aria-labelledby="share-name" className="space-y-6">
        {truck.image ? (
          <img
            src={truck.image}
            alt={`${truck.name} banner`}
            className="aspect-[16/7] w-full rounded-xl bg-gray-100 object-cover"
          />
        ) : (
          <TruckImage truck={truck} className="aspect-[16/7] w-full" />
        )}
        <header className="space-y-2">
          <h1 id="share-name" className="text-2xl font-bold wrap-anywhere sm:text-3xl">
            {truck.name}
          </h1>
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge isOpen={truck.isOpen} />
            <RatingBadge rating={truck.rating} />
            {live && <UpdatedAgo iso={truck.lastUpdated} />}
            <ListingNote listing={truck.listing} />
          </div>
          <TruckStatusLine truck={truck} className="text-base text-gray-800" />
          <p className="flex items-center gap-1 text-gray-800">
            <Utensils className="h-4 w-4 shrink-0" aria-hidden /> {truck.cuisine}
          </p>
          <p className="flex items-start gap-1 text-gray-800">
            <MapPin className="mt-1 h-4 w-4 shrink-0" aria-hidden />
            <span className="min-w-0 wrap-anywhere">
              {truck.isOpen
                ? placeOf(truck)
                : truck.listing
                  ? `Usually at ${truck.address ?? placeOf(truck)}`
                  : `Closed now${truck.address ? ` · last seen at ${truck.address}` : ''}`}
            </span>
          </p>
          {truck.description && <p className="text-gray-800">{truck.description}</p>}
          <ListingSource listing={truck.listing} />
          {truck.phone && (
            <p className="flex items-center gap-1 text-gray-800">
              <Phone className="h-4 w-4 shrink-0" aria-hidden />{' '}
              <TruckPhoneLink name={truck.name} phone={truck.phone} />
            </p>
          )}
          <div className="flex flex-wrap gap-2 pt-1">
            <OrderAheadShortcut truckId={truck.id} />
            <FavoriteButton truck={truck} size="sm" withText />
            <TruckGoingButton truck={truck} />
            <ShareButton truck={truck} />
            <Button asChild size="sm" variant="outline">
              <a href={truckCalendarUrl(truck.id)}>
                <CalendarPlus aria-hidden /> Add to calendar
              </a>
            </Button>
            <Button asChild size="sm" variant="outline">
              <Link href={`/find-trucks?truck=${truck.id}`}>
                <MapIcon aria-hidden /> Open on Find Trucks
              </Link>
            </Button>
            {directions && (
              <Button asChild size="sm">
                <a
                  href={directions}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Get Directions to ${truck.name} (opens in a new tab)`}
                >
                  <Navigation aria-hidden /> Get Directions
                </a>
              </Button>
            )}
          </div>
        </header>

        <BrowserOnly fallback={null}>
          <ClaimPrompt truck={truck} />
        </BrowserOnly>

        {hasCoordinates(truck) && (
          <BrowserOnly fallback={<Skeleton still className="h-56 w-full" />}>
            <TruckSpotMap
              latitude={truck.latitude}
              longitude={truck.longitude}
              isOpen={truck.isOpen}
              name={truck.name}
            />
          </BrowserOnly>
        )}

        <Section title="Know before you go">
          <Card className="p-4">
            <TruckFeatureDetails features={truck.features} accessNote={truck.accessNote} />
          </Card>
        </Section>

        <Section title="Next stops">
          <NextStops truckId={truck.id} truck={truck} />
        </Section>

        <Section title="Menu">
          <Card className="p-4">
            <MenuContents truck={truck} needs={needs} orderAction={<OrderAhead truckId={truck.id} />} />
          </Card>
        </Section>
      </article>
    </main>
  );
}

/** /trucks/:id — a truck's public page, the target of shared links (issue 14); live like the list. */
export default function TruckSharePage() {
  const params = useParams<{ truckId: string }>();
  const truckId = parseId(params.truckId);
  const truck = useTruck(truckId ?? 0, truckId !== null);
  useReportView(truck.isSuccess ? truck.data.id : null, 'page_view');
  useLiveTruckCache();
  useUpcomingStopsFollowChanges();

  const notFound = (
    <TruckNotFound title="Food truck not found" linkTo={{ href: '/find-trucks', label: 'Find other trucks' }}>
      This truck isn't on Food Truck Finder right now. It may have been removed, or its page isn't public yet.
    </TruckNotFound>
  );
  if (truckId === null) return notFound;
  if (!truck.isSuccess) return truckLoadState(truck, notFound);
  return (
    <>
      <GoingNotices />
      <TruckPage truck={truck.data} />
    </>
  );
}
