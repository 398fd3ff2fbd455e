import type { TruckSummary } from '@shared/contracts';
import { Glyph } from '@client/components/ui/glyph';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { useAuth } from '@client/lib/auth';
import { toast, toastError } from '@client/lib/toast';
import { isOperator } from '@client/lib/roles';
import { cn } from '@client/lib/utils';
import { useSetFavorite } from '../api/favorites';
import { useFavoriteIds } from '../hooks/use-favorite-ids';
import { mutateThen } from '@client/lib/mutate-then';

/** Spec section 9: favourite button icon sizes 16, 20 and 24 px. */
const ICON_SIZE = { sm: 'size-4', md: 'size-5', lg: 'size-6' } as const;

/** Spec section 8, favourites texts. */
export const FAVORITE_TEXTS = {
  loginTitle: 'Login Required',
  login: 'Please log in to save your favorite food trucks and get notifications!',
  ownTitle: "Can't Favorite Own Truck",
  own: "You can't favorite your own food truck!",
  added: (name: string) => `${name} has been added to your favorites! You'll get notifications when they're nearby.`,
  removed: (name: string) => `${name} has been removed from your favorites.`,
  error: 'Failed to update favorites. Please try again.',
} as const;

interface FavoriteButtonProps {
  truck: TruckSummary;
  size?: keyof typeof ICON_SIZE;
  className?: string;
}

/**
 * The heart on list cards, map popups and the favourites screen: visitors get the 'Login
 * Required' toast, the truck's owner does not see it, and it shows a spinner (and ignores taps) while
 * the change is pending, keeping focus.
 */
export function FavoriteButton({ truck, size = 'md', className }: FavoriteButtonProps) {
  const { user } = useAuth();
  const favorites = useFavoriteIds();
  const mutation = useSetFavorite();
  if (user && user.id === truck.operatorId) return null;
  // Operators see only their own trucks on the diners' screens; elsewhere they cannot favourite.
  if (isOperator(user)) return null;

  const favorite = favorites.has(truck.id);
  const label = favorite ? `Remove ${truck.name} from favorites` : `Add ${truck.name} to favorites`;

  const onClick = () => {
    if (mutation.isPending) return;
    if (!user) {
      toast({ title: FAVORITE_TEXTS.loginTitle, description: FAVORITE_TEXTS.login });
      return;
    }
    mutateThen(
      mutation,
      { truck, favorite: !favorite },
      {
        onSuccess: () =>
          toast(
            favorite
              ? { title: 'Removed from Favorites', description: FAVORITE_TEXTS.removed(truck.name) }
              : { title: 'Added to Favorites', description: FAVORITE_TEXTS.added(truck.name) },
          ),
        onError: (error) => toastError('Error', error, FAVORITE_TEXTS.error),
      },
    );
  };

  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label={label}
      aria-pressed={favorite}
      title={label}
      // aria-disabled, not disabled: a disabled button loses focus, which dropped a keyboard user to the
      // top of the page after each favourite (issue 27). Clicks while pending are ignored above.
      aria-disabled={mutation.isPending || undefined}
      onClick={onClick}
      data-testid={`favorite-button-${truck.id}`}
      className={cn('text-red-600 hover:bg-red-50 hover:text-red-700', className)}
    >
      {mutation.isPending ? (
        <Spinner label="Updating favorites" className="h-4 w-4" />
      ) : (
        <Glyph name={favorite ? 'heart-filled' : 'heart'} className={ICON_SIZE[size]} />
      )}
    </Button>
  );
}
