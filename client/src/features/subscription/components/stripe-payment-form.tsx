import { useMemo, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { toastPaymentError, toastPaymentFailed } from '../payment-toasts';
import { PayButton } from './pay-button';

/**
 * Stripe mode: the Payment Element for the subscription's first invoice. This module (and Stripe.js)
 * loads only in Stripe mode (the subscribe screen imports it lazily). On success Stripe returns the
 * browser to the operator dashboard.
 */
export default function StripePaymentForm({ publishableKey, clientSecret }: { publishableKey: string; clientSecret: string }) {
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripePromise} options={{ clientSecret }}>
      <PaymentForm />
    </Elements>
  );
}

function PaymentForm() {
  const stripe = useStripe();
  const elements = useElements();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPending(true);
    try {
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}/operator-dashboard` },
      });
      // Without an error Stripe is already navigating to return_url.
      if (error) toastPaymentFailed(error.message ?? 'Your payment could not be completed.');
    } catch {
      toastPaymentError();
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4">
      <PaymentElement />
      <PayButton pending={pending} disabled={!stripe || !elements} />
    </form>
  );
}
