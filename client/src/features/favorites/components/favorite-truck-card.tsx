import type { FoodTruck } from '@shared/contracts';
import Utensils from 'lucide-react/icons/utensils';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { RatingBadge } from '@client/entities/truck/rating-badge';
import { ExpandHeading, StatusBadge, TruckAboutDetails, TruckImage, TruckPlace, UpdatedAgo } from '@client/entities/truck/truck-parts';
import { cn } from '@client/lib/utils';
import { FavoriteButton } from './favorite-button';
import { RatingPicker } from './rating-picker';

interface FavoriteTruckCardProps {
  truck: FoodTruck;
  expanded: boolean;
  onToggle(id: number): void;
  /** The truck's schedule line (composed by the screen: features don't import each other). */
  renderSchedule?: (truck: FoodTruck) => ReactNode;
}

/** A favourites-screen card (spec section 2): expands with About and Details, and View on Map. */
export function FavoriteTruckCard({ truck, expanded, onToggle, renderSchedule }: FavoriteTruckCardProps) {
  const detailsId = `favorite-${truck.id}-details`;
  const headingId = `favorite-${truck.id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid={`favorite-card-${truck.id}`}
      className={cn('rounded-xl border bg-white shadow-sm', expanded ? 'border-brand-500' : 'border-gray-200')}
    >
      <div className="flex gap-3 p-3 sm:p-4">
        <TruckImage truck={truck} className="h-14 w-14 sm:h-20 sm:w-20" />
        <div className="min-w-0 flex-1 cursor-pointer" onClick={() => onToggle(truck.id)}>
          <ExpandHeading id={headingId} level="h2" name={truck.name} expanded={expanded} controls={detailsId} />
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
            <StatusBadge isOpen={truck.isOpen} />
            <RatingBadge rating={truck.rating} />
            {truck.isOpen && <UpdatedAgo iso={truck.lastUpdated} />}
          </div>
          <TruckPlace truck={truck} className="mt-1.5" />
          <p className="mt-0.5 flex items-center gap-1 text-sm text-gray-700">
            <Utensils className="h-3.5 w-3.5 shrink-0" aria-hidden />
            {truck.cuisine}
          </p>
          {renderSchedule?.(truck)}
        </div>
        <FavoriteButton truck={truck} size="lg" className="shrink-0" />
      </div>
      {expanded && (
        <div id={detailsId} className="grid gap-4 border-t border-gray-100 px-3 py-4 sm:grid-cols-2 sm:px-4">
          <TruckAboutDetails truck={truck} level="h3" />
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
