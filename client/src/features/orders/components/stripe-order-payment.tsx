import { useMemo, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { Button } from '@client/components/ui/button';

/**
 * Stripe mode (issue 30): the Payment Element for an order's PaymentIntent. This module (and
 * Stripe.js) loads only in Stripe mode (imported lazily). A card that needs no redirect is paid in
 * place (`onPaid`); one that does (3-D Secure) comes back to the order page, which confirms it.
 */
export default function StripeOrderPayment({
  publishableKey,
  clientSecret,
  orderId,
  label,
  onPaid,
}: {
  publishableKey: string;
  clientSecret: string;
  orderId: number;
  label: string;
  onPaid: () => void;
}) {
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripePromise} options={{ clientSecret }}>
      <PaymentForm orderId={orderId} label={label} onPaid={onPaid} />
    </Elements>
  );
}

function PaymentForm({ orderId, label, onPaid }: { orderId: number; label: string; onPaid: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPending(true);
    setFailure(null);
    try {
      const { error } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}/orders/${orderId}` },
      });
      if (error) setFailure(error.message ?? 'Your payment could not be completed.');
      else onPaid();
    } catch {
      setFailure('Your payment could not be completed. Please try again.');
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4">
      <PaymentElement />
      {failure && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      <Button type="submit" size="lg" className="h-12 text-base" disabled={pending || !stripe || !elements}>
        {label}
      </Button>
    </form>
  );
}
