import type { TruckSummary } from '@shared/contracts';
import Star from 'lucide-react/icons/star';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { useAuth } from '@client/lib/auth';
import { isCustomer } from '@client/lib/roles';
import { toastError } from '@client/lib/toast';
import { cn } from '@client/lib/utils';
import { useMyRating, useRateTruck } from '../api/rating';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * A signed-in customer's own rating of a truck: five star buttons set or change it, 'Remove'
 * takes it back. Nothing for visitors, operators and admins (only customers rate).
 */
export function RatingPicker({ truck }: { truck: Pick<TruckSummary, 'id' | 'name'> }) {
  const { user } = useAuth();
  const customer = isCustomer(user);
  const mine = useMyRating(truck.id, customer);
  const rate = useRateTruck(truck.id);
  if (!customer) return null;
  const stars = rate.isPending ? (rate.variables ?? null) : (mine.data?.stars ?? null);
  const set = (value: number | null) =>
    rate.mutate(value, { onError: (error) => toastError('Error', error, 'Failed to save your rating. Please try again.') });

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid={`rating-picker-${truck.id}`}>
      <span className="text-sm text-gray-700" id={`rate-${truck.id}`}>
        Your rating
      </span>
      <div role="group" aria-labelledby={`rate-${truck.id}`} className="flex items-center">
        {STARS.map((n) => (
          <button
            key={n}
            type="button"
            disabled={rate.isPending || mine.isPending}
            aria-pressed={stars !== null && n <= stars}
            aria-label={`Rate ${truck.name} ${n} ${n === 1 ? 'star' : 'stars'}`}
            onClick={() => set(n)}
            className="rounded p-0.5 text-amber-600 hover:text-amber-700 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60"
          >
            <Star aria-hidden className={cn('h-5 w-5')} fill={stars !== null && n <= stars ? 'currentColor' : 'none'} />
          </button>
        ))}
      </div>
      {rate.isPending && <Spinner label="Saving your rating" />}
      {stars !== null && !rate.isPending && (
        <Button type="button" variant="ghost" size="sm" onClick={() => set(null)} aria-label={`Remove your rating of ${truck.name}`}>
          Remove
        </Button>
      )}
    </div>
  );
}
