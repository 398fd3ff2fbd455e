import type { TruckSummary } from '@shared/contracts';
import Check from 'lucide-react/icons/check';
import Footprints from 'lucide-react/icons/footprints';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api-client';
import { useAuth } from '@client/lib/auth';
import { isCustomer } from '@client/lib/roles';
import { askToLogIn, toast, toastError } from '@client/lib/toast';
import { cn } from '@client/lib/utils';
import { useMyGoing, useSetGoing } from '../api/my-going';

export const GOING_TEXTS = {
  loginTitle: 'Login Required',
  login: "Log in as a customer to tell the truck you're going — we'll warn you if it closes or moves.",
  going: "I'm going",
  undo: 'Going',
  error: 'Could not update. Please try again.',
  noStopTitle: 'Nothing to go to right now',
  noStop: (name: string) =>
    `${name} has no current or upcoming stop. Save it as a favorite to hear when it opens.`,
} as const;

interface GoingButtonProps {
  truck: Pick<TruckSummary, 'id' | 'name' | 'operatorId'>;
  /**
   * The truck has a stop to go to (open where it stands, or a stop under way or to come: the
   * screen composes this from the schedules). Without one the button is not offered, unless the
   * diner is going already (to undo).
   */
  offered: boolean;
  /** The server found no stop after all (the page's data was behind): called after the polite note. */
  onNoStop?: () => void;
  size?: 'sm' | 'md';
  className?: string;
}

/**
 * "I'm going" (issue 31) on cards, popups and the truck's page: one tap marks the truck's current
 * or next stop, one tap undoes it; offered only where there is one (`offered`). Customers only (visitors are asked to log in; operators and
 * admins do not see it). Reads "going" from the caller's one list, not one request per card.
 */
export function GoingButton(props: GoingButtonProps) {
  const { user } = useAuth();
  // A visitor's button reads no "going" list and holds no mutation: a server-rendered list
  // hydrates twenty of them at once on a slow phone (issue 33).
  if (!user) return props.offered ? <Going {...props} going={false} pending={false} onClick={() => askToSayGoing(props.truck.id)} /> : null;
  if (!isCustomer(user)) return null;
  return <CustomerGoingButton {...props} />;
}

const askToSayGoing = (truckId: number) => askToLogIn(GOING_TEXTS.loginTitle, GOING_TEXTS.login, `/trucks/${truckId}`);

function CustomerGoingButton(props: GoingButtonProps) {
  const { truck, offered, onNoStop } = props;
  const mine = useMyGoing(true);
  const mutation = useSetGoing();
  const going = Boolean(mine.data?.some((g) => g.truckId === truck.id));
  if (!going && !offered) return null;
  const onClick = () => {
    if (mutation.isPending) return;
    mutation.mutate(
      { truckId: truck.id, going: !going },
      {
        onError: (error) => {
          // The stop ended or was cancelled since the page learnt of it: a note, not an error.
          if (error instanceof ApiError && error.status === 409) {
            toast({ title: GOING_TEXTS.noStopTitle, description: GOING_TEXTS.noStop(truck.name) });
            onNoStop?.();
            return;
          }
          toastError('Error', error, GOING_TEXTS.error);
        },
      },
    );
  };
  return <Going {...props} going={going} pending={mutation.isPending} onClick={onClick} />;
}

function Going({
  truck,
  size = 'md',
  className,
  going,
  pending,
  onClick,
}: GoingButtonProps & { going: boolean; pending: boolean; onClick(): void }) {
  const label = going ? `You're going to ${truck.name}. Tap to undo.` : `I'm going to ${truck.name}`;
  return (
    <Button
      type="button"
      variant={going ? 'default' : 'outline'}
      size="sm"
      aria-pressed={going}
      aria-label={label}
      title={label}
      aria-disabled={pending || undefined}
      onClick={onClick}
      data-testid={`going-button-${truck.id}`}
      className={cn(size === 'sm' && 'h-8 px-2 text-xs', className)}
    >
      {pending ? (
        <Spinner label="Updating" className="h-4 w-4" />
      ) : going ? (
        <Check aria-hidden />
      ) : (
        <Footprints aria-hidden />
      )}
      {going ? GOING_TEXTS.undo : GOING_TEXTS.going}
    </Button>
  );
}
