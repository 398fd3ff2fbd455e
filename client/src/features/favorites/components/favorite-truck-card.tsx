import type { FoodTruck } from '@shared/contracts';
import { ChevronDown, MapPin, Truck as TruckIcon, Utensils } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { RatingBadge } from '@client/components/ui/rating-badge';
import { cn } from '@client/lib/utils';
import { FavoriteButton } from './favorite-button';
import { RatingPicker } from './rating-picker';

interface FavoriteTruckCardProps {
  truck: FoodTruck;
  expanded: boolean;
  onToggle(id: number): void;
}

/** A favourites-screen card (spec section 2): expands with About and Details, and View on Map. */
export function FavoriteTruckCard({ truck, expanded, onToggle }: FavoriteTruckCardProps) {
  const detailsId = `favorite-${truck.id}-details`;
  const headingId = `favorite-${truck.id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid={`favorite-card-${truck.id}`}
      className={cn('rounded-xl border bg-white shadow-sm', expanded ? 'border-brand-500' : 'border-gray-200')}
    >
      <div className="flex gap-3 p-3 sm:p-4">
        {truck.image ? (
          <img src={truck.image} alt="" className="h-14 w-14 shrink-0 rounded-lg bg-gray-100 object-cover sm:h-20 sm:w-20" />
        ) : (
          <div className="flex h-14 w-14 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 sm:h-20 sm:w-20" aria-hidden>
            <TruckIcon className="h-7 w-7" />
          </div>
        )}
        <div className="min-w-0 flex-1 cursor-pointer" onClick={() => onToggle(truck.id)}>
          <h2 id={headingId} className="text-base leading-tight font-semibold">
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={detailsId}
              className="flex w-full items-start justify-between gap-2 text-left"
            >
              <span className="break-words">{truck.name}</span>
              <ChevronDown className={cn('mt-0.5 h-4 w-4 shrink-0 text-gray-500 transition-transform', expanded && 'rotate-180')} aria-hidden />
            </button>
          </h2>
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
            <Badge variant={truck.isOpen ? 'success' : 'secondary'}>{truck.isOpen ? 'OPEN' : 'CLOSED'}</Badge>
            <RatingBadge rating={truck.rating} />
          </div>
          <p className="mt-1.5 flex items-center gap-1 text-sm text-gray-700">
            <Utensils className="h-3.5 w-3.5 shrink-0" aria-hidden />
            {truck.cuisine}
          </p>
        </div>
        <FavoriteButton truck={truck} size="lg" className="shrink-0" />
      </div>
      {expanded && (
        <div id={detailsId} className="grid gap-4 border-t border-gray-100 px-3 py-4 sm:grid-cols-2 sm:px-4">
          <section aria-label="About">
            <h3 className="text-xs font-semibold tracking-wide text-gray-600 uppercase">About</h3>
            <p className="mt-1 text-sm text-gray-800">{truck.description || 'No description provided.'}</p>
          </section>
          <section aria-label="Details">
            <h3 className="text-xs font-semibold tracking-wide text-gray-600 uppercase">Details</h3>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-gray-600">Cuisine</dt>
              <dd>{truck.cuisine}</dd>
              <dt className="text-gray-600">Location</dt>
              <dd className="flex items-start gap-1 break-words">
                <MapPin className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
                {truck.address || 'Location not available'}
              </dd>
              <dt className="text-gray-600">Status</dt>
              <dd data-testid="favorite-status">{truck.isOpen ? 'Open Now' : 'Closed'}</dd>
            </dl>
          </section>
          <div className="sm:col-span-2">
            <RatingPicker truck={truck} />
          </div>
          <div className="sm:col-span-2">
            <Button asChild size="sm">
              <Link href={`/find-trucks?truck=${truck.id}`}>View on Map</Link>
            </Button>
          </div>
        </div>
      )}
    </article>
  );
}
