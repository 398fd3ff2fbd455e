import type { SubscriptionStatusResponse } from '@shared/contracts';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import CreditCard from 'lucide-react/icons/credit-card';
import { Link } from 'wouter';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { toastError } from '@client/lib/toast';
import { useSetRenewal } from '../api/renewal';
import { useSubscriptionStatus } from '../api/subscription-status';
import { formatDate } from '@shared/utils/format';

/**
 * Why the trucks are hidden, in the operator's words. `claimed` of the operator's `trucks` are
 * listings they claimed: diners keep seeing those by their schedules whatever the subscription, and
 * only opening them live needs it (ADR 0158) — the banner must not call them hidden.
 */
export function hiddenReason(status: SubscriptionStatusResponse['status'], claimed = 0, trucks = 0): string {
  const lead =
    status === 'paused'
      ? 'Your subscription is paused by an administrator'
      : status === 'past_due'
        ? 'Your last payment failed'
        : status === 'canceled'
          ? 'Your subscription has ended'
          : null;
  const until = status === 'past_due' ? ' until you pay' : lead ? '' : ' until you subscribe ($29.99/month)';
  if (claimed === 0) return `${lead ? `${lead}; your` : 'Your'} trucks are hidden from customers${until}.`;
  const one = claimed === 1;
  const seen = one ? 'Diners see your claimed listing by its schedule' : 'Diners see your claimed listings by their schedules';
  const rest =
    claimed < trucks
      ? `; your other trucks are hidden from customers${until}.`
      : status === 'paused'
        ? `, but ${one ? 'it' : 'they'} can't be opened live.`
        : `; ${status === 'past_due' ? 'pay' : 'subscribe ($29.99/month)'} to open ${one ? 'it' : 'them'} live.`;
  return `${lead ? `${lead}. ` : ''}${seen}${rest}`;
}

/**
 * Operator dashboard: the subscription (status, next renewal, cancel/resume) or a banner to /subscribe.
 * `claimedTrucks` of the operator's `trucks` are claimed listings (the screen counts them).
 */
export function SubscriptionPanel({ claimedTrucks = 0, trucks = 0 }: { claimedTrucks?: number; trucks?: number }) {
  const status = useSubscriptionStatus();
  const renewal = useSetRenewal();
  if (!status.data) return null;
  const sub = status.data;

  if (!sub.hasSubscription) {
    return (
      <section
        aria-label="Subscription"
        className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center"
      >
        <AlertTriangle className="h-6 w-6 shrink-0" aria-hidden />
        <p className="flex-1">{hiddenReason(sub.status, claimedTrucks, trucks)}</p>
        {sub.status !== 'paused' && (
          <Button asChild>
            <Link href="/subscribe">Subscribe</Link>
          </Button>
        )}
      </section>
    );
  }

  const change = (cancel: boolean) =>
    renewal.mutate(cancel, { onError: (err) => toastError('Error', err, 'Something went wrong. Please try again.') });
  return (
    <section aria-label="Subscription" className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:flex-row sm:items-center">
      <CreditCard className="h-6 w-6 shrink-0 text-brand-700" aria-hidden />
      <div className="flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          Subscription <Badge variant="success">Active</Badge>
          <span className="font-normal text-gray-700">$29.99/month</span>
        </p>
        {sub.currentPeriodEnd && (
          <p className="text-sm text-gray-700">
            {sub.cancelAtPeriodEnd
              ? `Cancelled: ends on ${formatDate(sub.currentPeriodEnd)}; your trucks stay visible until then.`
              : `Next renewal: ${formatDate(sub.currentPeriodEnd)}`}
          </p>
        )}
      </div>
      {sub.cancelAtPeriodEnd ? (
        <Button variant="outline" disabled={renewal.isPending} onClick={() => change(false)}>
          Resume renewal
        </Button>
      ) : (
        <ConfirmDialog
          trigger={
            <Button variant="outline" disabled={renewal.isPending}>
              Cancel subscription
            </Button>
          }
          title="Cancel subscription"
          description={`Your subscription stays active until ${
            sub.currentPeriodEnd ? formatDate(sub.currentPeriodEnd) : 'the end of the paid period'
          } and is not renewed. After that your trucks are hidden from customers. You can resume renewal before then.`}
          confirmLabel="Cancel subscription"
          onConfirm={() => change(true)}
        />
      )}
    </section>
  );
}
