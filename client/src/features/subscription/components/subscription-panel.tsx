import type { SubscriptionStatusResponse } from '@shared/contracts';
import { AlertTriangle, CreditCard } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { toastError } from '@client/lib/toast';
import { useSetRenewal } from '../api/renewal';
import { useSubscriptionStatus } from '../api/subscription-status';
import { formatDate } from '@shared/utils/format';


/** Why the trucks are hidden, in the operator's words. */
function hiddenReason(status: SubscriptionStatusResponse['status']): string {
  if (status === 'paused') return 'Your subscription is paused by an administrator; your trucks are hidden from customers.';
  if (status === 'past_due') return 'Your last payment failed; your trucks are hidden from customers until you pay.';
  if (status === 'canceled') return 'Your subscription has ended; your trucks are hidden from customers.';
  return 'Your trucks are hidden from customers until you subscribe ($29.99/month).';
}

/** Operator dashboard: the subscription (status, next renewal, cancel/resume) or a banner to /subscribe. */
export function SubscriptionPanel() {
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
        <p className="flex-1">{hiddenReason(sub.status)}</p>
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
