import type { TruckSummary } from '@shared/contracts';
import { TRUCK_FIT_TEXT, type Fit } from '@shared/utils/attributes';
import Navigation from 'lucide-react/icons/navigation';
import { Glyph } from '@client/components/ui/glyph';
import { memo, useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { Badge } from '@client/components/ui/badge';
import { RatingBadge } from '@client/entities/truck/rating-badge';
import {
  ExpandHeading,
  StatusBadge,
  TruckAboutDetails,
  TruckImage,
  TruckPlace,
  UpdatedAgo,
  ListingNote,
} from '@client/entities/truck/truck-parts';
import { Button } from '@client/components/ui/button';
import { ShareButton } from '@client/entities/truck/share-button';
import { directionsUrl, isLive, isScheduled } from '@client/entities/truck/truck-format';
import { formatDateTime, formatDistance } from '@shared/utils/format';
import { Link } from 'wouter';
import { cn } from '@client/lib/utils';
import { TruckFeatureBadges } from '@client/entities/truck/truck-attributes';

export function LiveBadge() {
  return (
    <Badge variant="destructive">
      <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-white" aria-hidden />
      LIVE
    </Badge>
  );
}

/** Below Tailwind's `lg` the map and the list are stacked (see the find-trucks screen). */
const STACKED_LAYOUT_QUERY = '(max-width: 1023.98px)';

interface TruckCardProps {
  truck: TruckSummary;
  distanceMiles: number | null;
  expanded: boolean;
  onToggle(id: number): void;
  onOpenMenu(truck: TruckSummary): void;
  /** The favourite button (composed by the screen: features don't import each other). */
  renderFavorite?: (truck: TruckSummary) => ReactNode;
  /** Extra content of the expanded card, e.g. the customer's own rating. */
  renderDetails?: (truck: TruckSummary) => ReactNode;
  /** The truck's schedule line under its cuisine (e.g. 'Next: Tue 11:00–14:00 at …'). */
  renderSchedule?: (truck: TruckSummary) => ReactNode;
  /**
   * How the menu fits the signed-in customer's saved dietary needs (issue 28): 'conflicts' (every
   * item states something they cannot eat) dims the card — never hides it.
   */
  dietFit?: Fit | undefined;
  /** The dishes on its menu the diner's search found (GET /api/food-trucks/search): why it is listed. */
  matchedDishes?: readonly string[] | undefined;
}

/** The id of a card's heading (its name), which labels the card. */
export const truckCardHeadingId = (truckId: number) => `truck-${truckId}-name`;

/**
 * One list card (spec section 2). Memoised: a refetch answered 304 keeps the truck object, so
 * nothing re-renders. Clicking the card's summary expands it; one card is expanded at a time.
 */
export const TruckCard = memo(function TruckCard({
  truck,
  distanceMiles,
  expanded,
  onToggle,
  onOpenMenu,
  renderFavorite,
  renderDetails,
  renderSchedule,
  dietFit,
  matchedDishes,
}: TruckCardProps) {
  const ref = useRef<HTMLElement>(null);
  const detailsId = `truck-${truck.id}-details`;
  const headingId = truckCardHeadingId(truck.id);

  const mounted = useRef(false);
  useEffect(() => {
    const onMount = !mounted.current;
    mounted.current = true;
    if (!expanded) return;
    // Opened from a link (?truck=id) on a stacked layout: leave the map with its popup in view.
    if (onMount && window.matchMedia?.(STACKED_LAYOUT_QUERY).matches) return;
    ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [expanded]);

  const stop = (e: MouseEvent) => e.stopPropagation();
  const directions = directionsUrl(truck);
  // In the look-ahead the card says where the truck will be then: not whether it is open or live now.
  const scheduled = isScheduled(truck);
  const live = !scheduled && isLive(truck);

  return (
    <article
      ref={ref}
      aria-labelledby={headingId}
      data-testid={`truck-card-${truck.id}`}
      data-diet-fit={dietFit}
      className={cn(
        'scroll-mt-20 rounded-xl border bg-white shadow-sm transition-shadow',
        expanded ? 'border-brand-500 shadow-md' : 'border-gray-200 hover:shadow-md',
        // Dimmed, not hidden, and still readable (text keeps its contrast): a grey, dashed card with a faded photo.
        dietFit === 'conflicts' && 'border-dashed bg-gray-50 [&_img]:opacity-50 [&_img]:grayscale',
      )}
    >
      {/* The whole summary is clickable; the heading's button gives keyboards and screen readers the same control. */}
      {/* On a phone the actions take a row of their own under the text, so the name keeps the card's width. */}
      <div
        className="grid cursor-pointer grid-cols-[auto_minmax(0,1fr)] gap-3 p-3 sm:flex sm:p-4"
        onClick={() => onToggle(truck.id)}
      >
        <TruckImage truck={truck} className="h-14 w-14 sm:h-20 sm:w-20" />
        <div className="min-w-0 flex-1">
          <ExpandHeading
            id={headingId}
            level="h3"
            name={truck.name}
            expanded={expanded}
            controls={detailsId}
          />
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
            <StatusBadge isOpen={truck.isOpen} scheduled={scheduled} />
            {live && <LiveBadge />}
            <RatingBadge rating={truck.rating} />
            {distanceMiles !== null && (
              <span className="text-xs font-medium text-gray-700" data-testid="truck-distance">
                {formatDistance(distanceMiles)}
              </span>
            )}
            {live && <UpdatedAgo iso={truck.lastUpdated} />}
            <ListingNote listing={truck.listing} />
          </div>
          <TruckPlace truck={truck} className="mt-1.5" />
          <p className="mt-0.5 flex items-center gap-1 text-sm text-gray-700">
            <Glyph name="utensils" className="h-3.5 w-3.5" />
            {truck.cuisine}
          </p>
          {matchedDishes && matchedDishes.length > 0 && (
            <p className="mt-0.5 flex items-start gap-1 text-sm text-gray-800">
              <Glyph name="hand-platter" className="mt-0.5 h-3.5 w-3.5" />
              <span className="min-w-0 wrap-anywhere" data-testid="matched-dishes">
                On the menu: {matchedDishes.join(', ')}
              </span>
            </p>
          )}
          {renderSchedule?.(truck)}
          <TruckFeatureBadges truck={truck} className="mt-1.5" />
          {dietFit && dietFit !== 'unknown' && (
            <p
              className={cn(
                'mt-1 text-xs font-medium',
                dietFit === 'suits' ? 'text-green-800' : 'text-gray-700',
              )}
              data-testid="diet-fit"
            >
              {TRUCK_FIT_TEXT[dietFit]}
            </p>
          )}
        </div>
        <div
          className="col-span-2 flex shrink-0 flex-wrap items-center justify-end gap-2 sm:flex-col sm:flex-nowrap sm:items-end"
          onClick={stop}
        >
          {renderFavorite?.(truck)}
          <Button
            variant="outline"
            size="sm"
            onClick={() => onOpenMenu(truck)}
            aria-label={`Menu of ${truck.name}`}
          >
            Menu
          </Button>
        </div>
      </div>

      {expanded && (
        <div id={detailsId} className="grid gap-4 border-t border-gray-100 px-3 py-4 sm:grid-cols-2 sm:px-4">
          <TruckAboutDetails
            truck={truck}
            level="h4"
            moreDetails={
              // The live update and GPS speak of now, not of the hour the look-ahead shows.
              !scheduled && (
                <>
                  <dt className="text-gray-600">Updated</dt>
                  <dd>
                    <time dateTime={truck.lastUpdated}>{formatDateTime(truck.lastUpdated)}</time>
                  </dd>
                  <dt className="text-gray-600">GPS</dt>
                  <dd>
                    {/* Live only when open with coordinates (spec section 4): a closed truck's last spot is not live. */}
                    <Badge variant={live ? 'success' : 'outline'}>{live ? 'GPS Active' : 'GPS Inactive'}</Badge>
                  </dd>
                </>
              )
            }
          />
          {renderDetails && <div className="sm:col-span-2">{renderDetails(truck)}</div>}
          <div className="flex flex-wrap gap-2 sm:col-span-2">
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
            {!truck.listing && (
              // Its own page: next stops, know before you go, the whole menu, ordering (ADR 0182).
              <Button asChild size="sm" variant="outline">
                <Link href={`/trucks/${truck.id}`} aria-label={`Truck page of ${truck.name}`}>
                  Truck page
                </Link>
              </Button>
            )}
            <ShareButton truck={truck} />
            {truck.listing && (
              // An unclaimed listing: its operator claims it on the truck's page (issue 26).
              <Button asChild size="sm" variant="outline">
                <Link href={`/trucks/${truck.id}`}>Is this your truck? Claim it</Link>
              </Button>
            )}
          </div>
        </div>
      )}
    </article>
  );
});
