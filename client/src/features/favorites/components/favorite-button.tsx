import type { TruckSummary } from '@shared/contracts';
import { Glyph } from '@client/components/ui/glyph';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { useAuth } from '@client/lib/auth';
import { askToLogIn, toast, toastError } from '@client/lib/toast';
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
  /** With the word "Favorite" beside the heart: a truck's page, among its other labelled buttons. */
  withText?: boolean;
}

/**
 * The heart on list cards, map popups and the favourites screen: visitors get the 'Login
 * Required' toast, the truck's owner does not see it, and it shows a spinner (and ignores taps) while
 * the change is pending, keeping focus.
 */
export function FavoriteButton(props: FavoriteButtonProps) {
  const { user } = useAuth();
  // A visitor's heart reads no favourites and holds no mutation: a server-rendered list hydrates
  // twenty of them at once on a slow phone (issue 33).
  if (!user) return <Heart {...props} favorite={false} pending={false} onClick={() => askToFavorite(props.truck.id)} />;
  // Operators see only their own trucks on the diners' screens; elsewhere they cannot favourite.
  if (user.id === props.truck.operatorId || isOperator(user)) return null;
  return <SignedInFavoriteButton {...props} />;
}

const askToFavorite = (truckId: number) => askToLogIn(FAVORITE_TEXTS.loginTitle, FAVORITE_TEXTS.login, `/trucks/${truckId}`);

function SignedInFavoriteButton(props: FavoriteButtonProps) {
  const { truck } = props;
  const favorites = useFavoriteIds();
  const mutation = useSetFavorite();
  const favorite = favorites.has(truck.id);
  const onClick = () => {
    if (mutation.isPending) return;
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
  return <Heart {...props} favorite={favorite} pending={mutation.isPending} onClick={onClick} />;
}

function Heart({
  truck,
  size = 'md',
  className,
  withText = false,
  favorite,
  pending,
  onClick,
}: FavoriteButtonProps & { favorite: boolean; pending: boolean; onClick(): void }) {
  const label = favorite ? `Remove ${truck.name} from favorites` : `Add ${truck.name} to favorites`;
  const heart = pending ? (
    <Spinner label="Updating favorites" className="h-4 w-4" />
  ) : (
    <Glyph name={favorite ? 'heart-filled' : 'heart'} className={cn(ICON_SIZE[size], withText && 'text-red-600')} />
  );
  return (
    <Button
      type="button"
      variant={withText ? 'outline' : 'ghost'}
      size={withText ? 'sm' : 'icon'}
      aria-label={label}
      aria-pressed={favorite}
      title={label}
      // aria-disabled, not disabled: a disabled button loses focus, which dropped a keyboard user to the
      // top of the page after each favourite (issue 27). Clicks while pending are ignored above.
      aria-disabled={pending || undefined}
      onClick={onClick}
      data-testid={`favorite-button-${truck.id}`}
      className={cn(!withText && 'text-red-600 hover:bg-red-50 hover:text-red-700', className)}
    >
      {heart}
      {/* The accessible name ("Add … to favorites") holds the word shown (WCAG 2.5.3). */}
      {withText && 'Favorite'}
    </Button>
  );
}
