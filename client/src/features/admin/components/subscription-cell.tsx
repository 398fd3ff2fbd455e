import type { AdminOperator } from '@shared/contracts';
import Pause from 'lucide-react/icons/pause';
import Play from 'lucide-react/icons/play';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { toast, toastError } from '@client/lib/toast';
import { useSubscriptionAction } from '../api/admin-mutations';
import { Cell } from './admin-table';
import { accountName } from '../account-name';
import { formatPrice } from '@shared/utils/format';

/** "Its 12 trucks will be hidden", "Its truck will be hidden", "It has no trucks to hide". */
const trucksHidden = (count: number) =>
  count === 0 ? 'It has no trucks yet; any it adds will be hidden' : count === 1 ? 'Its truck will be hidden' : `Its ${count} trucks will be hidden`;

/** Spec section 3: active and paused have their own badges; any other status is destructive. */
function statusVariant(status: string) {
  if (status === 'active') return 'success' as const;
  if (status === 'paused') return 'secondary' as const;
  return 'destructive' as const;
}

/** The Subscription column: status badge, the amount in USD (cents / 100), and Pause or Resume. */
export function SubscriptionCell({ operator }: { operator: AdminOperator }) {
  const mutation = useSubscriptionAction();
  const subscription = operator.subscriptionData;
  const name = accountName(operator);
  const act = (action: 'pause' | 'resume') =>
    mutation.mutate(
      { id: operator.id, action },
      {
        onSuccess: () =>
          toast({
            title: action === 'pause' ? 'Subscription paused' : 'Subscription resumed',
            description:
              action === 'pause'
                ? `${name}'s trucks are hidden from diners.`
                : `${name}'s trucks are visible again.`,
          }),
        onError: (error) => toastError('Subscription Action Failed', error, 'Please try again.'),
      },
    );
  if (!subscription) {
    return (
      <Cell>
        <Badge variant="outline">No subscription</Badge>
      </Cell>
    );
  }
  return (
    <Cell>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={statusVariant(subscription.status)}>{subscription.status}</Badge>
        <span className="text-gray-800">{formatPrice(subscription.amount / 100)}/month</span>
      </div>
      {subscription.status === 'active' && (
        // Pausing hides every truck of the operator from diners at once: asked first, with how many.
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm" className="mt-2" disabled={mutation.isPending} aria-label={`Pause subscription of ${name}`}>
              <Pause aria-hidden />
              Pause
            </Button>
          }
          title={`Pause ${name}'s subscription?`}
          description={`${trucksHidden(operator.truckCount)} from diners until you resume it.`}
          confirmLabel="Pause"
          onConfirm={() => act('pause')}
        />
      )}
      {subscription.status === 'paused' && (
        <Button
          variant="outline"
          size="sm"
          className="mt-2"
          disabled={mutation.isPending}
          aria-label={`Resume subscription of ${name}`}
          onClick={() => act('resume')}
        >
          <Play aria-hidden />
          Resume
        </Button>
      )}
    </Cell>
  );
}
