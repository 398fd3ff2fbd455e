import type { TruckSummary } from '@shared/contracts';
import { describeRating, formatRating } from './truck-format';
import { cn } from '@client/lib/utils';

/** The truck's rating as '★ 4.3 · 12', or 'New' before its first rating. */
export function RatingBadge({ rating, className }: { rating: TruckSummary['rating'] | undefined; className?: string }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900', className)}
      aria-label={describeRating(rating)}
      title={describeRating(rating)}
      data-testid="rating-badge"
    >
      {formatRating(rating)}
    </span>
  );
}
