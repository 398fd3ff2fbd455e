import { formatPhone } from '@shared/utils/format';
import { telHref } from '@shared/utils/phone';
import { listingLine } from '@shared/utils/listing-line';
import type { TruckListingInfo } from '@shared/constants';
import type { FoodTruck, TruckSummary } from '@shared/contracts';
import { placeOf } from '@shared/utils/truck-address';
import { Glyph } from '@client/components/ui/glyph';
import type { ReactNode } from 'react';
import { useTruck } from './truck-details';
import { formatAge, isScheduled, scheduledHours } from './truck-format';
import { useNow } from '@client/lib/use-now';
import { cn } from '@client/lib/utils';
import { Badge } from '@client/components/ui/badge';
import { Skeleton } from '@client/components/ui/skeleton';

/** Pieces every truck card shares (list cards, favourites cards): presentational only. */

/** OPEN or CLOSED now; SCHEDULED for a truck the look-ahead lists (where it will be then, ADR 0184). */
export function StatusBadge({ isOpen, scheduled = false, className }: { isOpen: boolean; scheduled?: boolean; className?: string }) {
  return (
    <Badge variant={scheduled || isOpen ? 'success' : 'secondary'} className={className}>
      {scheduled ? 'SCHEDULED' : isOpen ? 'OPEN' : 'CLOSED'}
    </Badge>
  );
}

/** Where the truck is (or was last seen): its address, else a place near its pin (placeOf). */
export function TruckPlace({ truck, className }: { truck: Parameters<typeof placeOf>[0]; className?: string }) {
  return (
    <p className={cn('flex items-start gap-1 text-sm text-gray-700', className)}>
      <Glyph name="map-pin" className="mt-0.5 h-3.5 w-3.5" />
      <span className="min-w-0 wrap-anywhere">{placeOf(truck)}</span>
    </p>
  );
}

/** An unclaimed listing's provenance: 'Unclaimed · from SF open data, updated 12 Nov', its licence in the title. */
export function ListingNote({ listing, className }: { listing: TruckListingInfo | null | undefined; className?: string }) {
  if (!listing) return null;
  return (
    <span className={cn('text-xs text-gray-700', className)} title={`Source: ${listing.sourceName} (${listing.licence})`} data-testid="listing-note">
      {listingLine(listing)}
    </span>
  );
}

/** The truck page's provenance of a listing, in full: 'Source: SF open data · Licence: Open Data Commons PDDL (DataSF)'. */
export function ListingSource({ listing, className }: { listing: TruckListingInfo | null | undefined; className?: string }) {
  if (!listing) return null;
  return (
    <p className={cn('text-sm text-gray-700', className)} data-testid="listing-source">
      Source: {listing.sourceName} · Licence: {listing.licence}
    </p>
  );
}

/** 'Updated 3 min ago', re-read every 30 s: how fresh the truck's position is. */
export function UpdatedAgo({ iso, className }: { iso: string; className?: string }) {
  const now = useNow();
  return (
    <time dateTime={iso} className={cn('text-xs text-gray-700', className)} data-testid="updated-ago">
      {formatAge(iso, now.getTime())}
    </time>
  );
}

export function TruckImage({ truck, className }: { truck: Pick<FoodTruck, 'image'>; className?: string }) {
  if (truck.image) {
    return <img src={truck.image} alt="" loading="lazy" className={cn('shrink-0 rounded-lg bg-gray-100 object-cover', className)} />;
  }
  return (
    <div className={cn('flex shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700', className)} aria-hidden>
      <Glyph name="truck" className="h-7 w-7" />
    </div>
  );
}

const CHEVRON = 'mt-0.5 h-4 w-4 text-gray-500 transition-transform';

/** The card's name as a heading whose button expands and collapses the card's details. */
export function ExpandHeading({
  id,
  level: Heading,
  name,
  expanded,
  controls,
}: {
  id: string;
  level: 'h2' | 'h3';
  name: string;
  expanded: boolean;
  controls: string;
}) {
  return (
    <Heading id={id} className="text-base leading-tight font-semibold">
      <button type="button" aria-expanded={expanded} aria-controls={controls} className="flex w-full items-start justify-between gap-2 text-left">
        <span className="min-w-0 wrap-anywhere">{name}</span>
        <Glyph name="chevron-down" className={expanded ? `${CHEVRON} rotate-180` : CHEVRON} />
      </button>
    </Heading>
  );
}

/**
 * An expanded card's About and Details (cuisine, location, status 'Open Now' / 'Closed'), then
 * `moreDetails` (extra dt/dd rows); `level` is the heading level of the two section titles.
 */
export function TruckAboutDetails({
  truck,
  level: Heading,
  moreDetails,
}: {
  /** A summary from a diners' list fetches its description; a whole truck has it. */
  truck: TruckSummary | FoodTruck;
  level: 'h3' | 'h4';
  moreDetails?: ReactNode;
}) {
  return (
    <>
      <section aria-label="About">
        <Heading className="text-xs font-semibold tracking-wide text-gray-600 uppercase">About</Heading>
        {'description' in truck ? (
          <p className="mt-1 text-sm text-gray-800">{truck.description || NO_DESCRIPTION}</p>
        ) : (
          <TruckDescription truckId={truck.id} className="mt-1 text-sm text-gray-800" fallback={NO_DESCRIPTION} />
        )}
      </section>
      <section aria-label="Details">
        <Heading className="text-xs font-semibold tracking-wide text-gray-600 uppercase">Details</Heading>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-gray-600">Cuisine</dt>
          <dd>{truck.cuisine}</dd>
          <dt className="text-gray-600">Location</dt>
          <dd className="wrap-anywhere">{placeOf(truck)}</dd>
          <dt className="text-gray-600">Status</dt>
          <dd data-testid="truck-status">{isScheduled(truck) ? scheduledHours(truck) : truck.isOpen ? 'Open Now' : 'Closed'}</dd>
          {truck.phone && (
            <>
              <dt className="text-gray-600">Phone</dt>
              <dd>
                <TruckPhoneLink name={truck.name} phone={truck.phone} />
              </dd>
            </>
          )}
          {moreDetails}
        </dl>
      </section>
    </>
  );
}

/** The truck's phone as a call link (`tel:`), shown as 512-555-0100 (cards, the truck page). */
export function TruckPhoneLink({ name, phone, className }: { name: string; phone: string; className?: string }) {
  return (
    <a href={telHref(phone)} aria-label={`Call ${name} at ${formatPhone(phone)}`} className={className ?? 'font-medium text-brand-700 underline'}>
      {formatPhone(phone)}
    </a>
  );
}

/** Spec section 9: loading rows (4 on find-trucks, 3 on favourites). */
export function SkeletonRows({ count, label, testId, lines = 3 }: { count: number; label: string; testId: string; lines?: 2 | 3 }) {
  return (
    <ul aria-label={label} aria-busy="true" className="space-y-3">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="flex gap-3 rounded-xl border border-gray-200 bg-white p-4" data-testid={testId}>
          <Skeleton className="h-16 w-16 shrink-0" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/3" />
            {lines === 3 && <Skeleton className="h-3 w-full" />}
          </div>
        </li>
      ))}
    </ul>
  );
}

const NO_DESCRIPTION = 'No description provided.';

/**
 * A truck's description, fetched with the whole truck (GET /api/food-trucks/:id) when shown: the
 * diners' lists carry summaries (ADR 0120). A placeholder line while it loads; `fallback` (or
 * nothing) when the truck has none or it could not be loaded.
 */
export function TruckDescription({ truckId, className, fallback }: { truckId: number; className?: string; fallback?: string }) {
  const details = useTruck(truckId);
  if (details.isPending) {
    return (
      <span role="status" aria-label="Loading description" className="block">
        <Skeleton className="mt-1 h-4 w-4/5" />
      </span>
    );
  }
  const text = details.data?.description || fallback;
  return text ? <p className={className}>{text}</p> : null;
}
