import { useEffect } from 'react';
import { toast } from '@client/lib/toast';

/** Spec section 8, payment: the provider's message when it declined; otherwise the generic error. */
export function toastPaymentFailed(message: string): void {
  toast({ variant: 'destructive', title: 'Payment Failed', description: message });
}

export function toastPaymentError(): void {
  toast({ variant: 'destructive', title: 'Error', description: 'Something went wrong. Please try again.' });
}

/**
 * Paid: said on the dashboard the operator lands on, in place of the sign-up's "Next, set up your
 * subscription" (one toast at a time), which would otherwise stay up over a paid subscription.
 */
export function toastSubscribed(): void {
  toast({ title: 'Subscription active', description: 'Thank you! Your trucks can now open for diners.' });
}

/**
 * Stripe's return to the dashboard after paying (the Payment Element's return_url, to which Stripe
 * adds `redirect_status`): a success is said once, as test mode says it, and the address is made
 * plain again, so a reload or a bookmark does not say it twice.
 */
export function useStripeReturn(): void {
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (!params.has('redirect_status')) return;
    if (params.get('redirect_status') === 'succeeded') toastSubscribed();
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
}
