import type { MenuItem, PlacedOrder, TruckOrdering } from '@shared/contracts';
import type { DietaryNeeds } from '@shared/utils/attributes';
import { formatCents, ORDER_LIMITS } from '@shared/contracts/orders';
import { cardFieldErrors } from '@shared/utils/payment-card';
import Minus from 'lucide-react/icons/minus';
import Plus from 'lucide-react/icons/plus';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import { lazy, Suspense, useMemo, useRef, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { useLocation } from 'wouter';
import { TestCardFields } from '@client/components/payment/test-card-fields';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FormField } from '@client/components/ui/form-field';
import { MenuItemLabels } from '@client/entities/truck/truck-attributes';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, errorMessage } from '@client/lib/api-client';
import { useAppConfig } from '@client/lib/app-config';
import { useInView } from '@client/lib/use-in-sight';
import { serverFieldErrors, useFormValues } from '@client/lib/forms';
import { useConfirmOrderPayment, usePlaceOrder } from '../api/order-mutations';
import { pickupSlots } from '../pickup-slots';

// Stripe.js and the Payment Element load only in Stripe mode.
const StripeOrderPayment = lazy(() => import('./stripe-order-payment'));

const cents = (item: Pick<MenuItem, 'price'>) => Math.round(item.price * 100);
const orderable = (item: MenuItem) => item.available && !item.soldOutToday;

/** What a diner has chosen so far: kept while the page shows that ordering paused, so nothing is lost when it resumes. */
export interface CheckoutDraft {
  quantities: Record<number, number>;
  pickup: string;
  note: string;
}
export type CheckoutDraftState = [CheckoutDraft, Dispatch<SetStateAction<CheckoutDraft>>];
export const EMPTY_DRAFT: CheckoutDraft = { quantities: {}, pickup: 'asap', note: '' };

/**
 * The diner's checkout (issue 30): a cart from the truck's menu, a pickup time (as soon as
 * possible or a slot later today), a note and the card. The total shown is the menu's; the server
 * computes the one charged. One Idempotency-Key per checkout: a double tap or a retry after a lost
 * answer is the same order, never a second one.
 */
export function Checkout({
  truck,
  items,
  ordering,
  draft,
  needs,
}: {
  truck: { id: number; name: string };
  items: MenuItem[];
  ordering: TruckOrdering;
  /** The customer's saved dietary needs: a dish that conflicts says why, as on the truck's menu. */
  needs?: DietaryNeeds | null;
  /** The cart, pickup and note, kept by a parent that outlives this form (the truck closing and reopening); else its own. */
  draft?: CheckoutDraftState;
}) {
  const [, navigate] = useLocation();
  const ownDraft = useState<CheckoutDraft>(EMPTY_DRAFT);
  const [{ quantities, pickup, note }, setDraft] = draft ?? ownDraft;
  const setQuantities = (next: (q: Record<number, number>) => Record<number, number>) =>
    setDraft((d) => ({ ...d, quantities: next(d.quantities) }));
  const setPickup = (value: string) => setDraft((d) => ({ ...d, pickup: value }));
  const setNote = (value: string) => setDraft((d) => ({ ...d, note: value }));
  // The order has the dishes now: the cart is empty for the next one, and the order is shown in
  // the checkout's place, so Back leads to the truck rather than to an empty form inviting a second order.
  const ordered = (orderId: number) => {
    setDraft(EMPTY_DRAFT);
    navigate(`/orders/${orderId}`, { replace: true });
  };
  const [failure, setFailure] = useState<string | null>(null);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const card = useFormValues({ cardNumber: '', expiry: '', cvc: '' });
  const place = usePlaceOrder();
  const confirm = useConfirmOrderPayment();
  const config = useAppConfig();
  const stripeMode = ordering.paymentMode === 'stripe';
  /** Stripe mode: the order made, waiting for the Payment Element. */
  const [awaiting, setAwaiting] = useState<PlacedOrder | null>(null);
  const slots = useMemo(() => pickupSlots(new Date(), ordering.estimatedWaitMinutes, new Date(ordering.latestPickupAt)), [ordering]);

  const lines = items.filter((item) => (quantities[item.id] ?? 0) > 0);
  const total = lines.reduce((sum, item) => sum + cents(item) * (quantities[item.id] ?? 0), 0);
  const count = lines.reduce((sum, item) => sum + (quantities[item.id] ?? 0), 0);
  const itemsSaid = `${count} ${count === 1 ? 'item' : 'items'}`;
  // On a phone the order's card is below the whole menu: while it is out of sight, a bar at the
  // screen's foot says what is in the cart and takes the diner to it.
  // Counted in sight a bar's height early, so the bar never covers the menu's last dish.
  const [summaryRef, summaryInView] = useInView({ rootMargin: '0px 0px 80px 0px' });
  const summaryHeading = useRef<HTMLHeadingElement>(null);
  const toSummary = () => {
    summaryHeading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    summaryHeading.current?.focus({ preventScroll: true });
  };
  const change = (item: MenuItem, by: number) =>
    setQuantities((q) => {
      const limit = Math.min(ORDER_LIMITS.maxQuantity, item.stockLeft ?? ORDER_LIMITS.maxQuantity);
      return { ...q, [item.id]: Math.max(0, Math.min(limit, (q[item.id] ?? 0) + by)) };
    });

  function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    if (lines.length === 0) {
      setFailure('Add something to your order first.');
      return;
    }
    const found = stripeMode ? {} : cardFieldErrors(card.values);
    if (Object.keys(found).length > 0) {
      card.setErrors(found);
      return;
    }
    place.mutate(
      {
        idempotencyKey,
        input: {
          foodTruckId: truck.id,
          items: lines.map((item) => ({ menuItemId: item.id, quantity: quantities[item.id] ?? 0 })),
          pickup,
          note: note.trim() || undefined,
          card: stripeMode ? undefined : card.values,
        },
      },
      {
        onSuccess: (order) => {
          if (order.status === 'awaiting_payment' && order.paymentClientSecret) setAwaiting(order);
          else ordered(order.id);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 400) card.setErrors(serverFieldErrors(err.body));
          setFailure(errorMessage(err, 'Your order could not be placed. Please try again.'));
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
      <section aria-labelledby="order-menu" className="grid gap-3">
        <h2 id="order-menu" className="text-lg font-semibold">
          Menu
        </h2>
        <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white">
          {items.map((item) => {
            const quantity = quantities[item.id] ?? 0;
            return (
              <li key={item.id} className="flex items-center gap-3 p-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{item.name}</p>
                  {item.description && <p className="text-sm text-gray-700">{item.description}</p>}
                  <p className="text-sm text-gray-700">
                    {formatCents(cents(item))}
                    {!orderable(item) && <span className="ml-2 font-medium text-red-800">Sold out</span>}
                    {orderable(item) && item.stockLeft !== null && <span className="ml-2">{item.stockLeft} left</span>}
                  </p>
                  {/* What the truck's menu says of the dish (diets, allergens, a clash with saved needs): an order is no place to lose it. "Sold out" is said above. */}
                  <MenuItemLabels item={{ diets: item.diets, allergens: item.allergens, soldOutToday: false }} needs={needs} />
                </div>
                {orderable(item) && (
                  <div className="flex items-center gap-2">
                    <Button type="button" variant="outline" size="icon" className="h-11 w-11" aria-label={`One less ${item.name}`} disabled={quantity === 0} onClick={() => change(item, -1)}>
                      <Minus aria-hidden />
                    </Button>
                    <span className="w-6 text-center font-semibold" aria-live="polite" aria-label={`${quantity} ${item.name}`}>
                      {quantity}
                    </span>
                    <Button type="button" variant="outline" size="icon" className="h-11 w-11" aria-label={`Add ${item.name}`} onClick={() => change(item, 1)}>
                      <Plus aria-hidden />
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <Card ref={summaryRef} className="grid h-fit gap-4 p-4">
        <h2 ref={summaryHeading} tabIndex={-1} className="flex scroll-mt-20 items-center gap-2 text-lg font-semibold outline-none">
          <ShoppingBag className="h-5 w-5" aria-hidden /> Your order
        </h2>
        {lines.length === 0 ? (
          <p className="text-sm text-gray-700">Your cart is empty: add dishes from the menu.</p>
        ) : (
          <ul className="grid gap-1 text-sm" aria-label="Cart">
            {lines.map((item) => (
              <li key={item.id} className="flex justify-between gap-2">
                <span>
                  {quantities[item.id]} × {item.name}
                </span>
                <span>{formatCents(cents(item) * (quantities[item.id] ?? 0))}</span>
              </li>
            ))}
          </ul>
        )}
        <p className="flex justify-between border-t pt-2 font-semibold">
          <span>Total</span>
          <span data-testid="order-total">{formatCents(total)}</span>
        </p>
        <FormField label="Pickup time" hint={`Ready in about ${ordering.estimatedWaitMinutes} min if you order now.`}>
          <select className="h-11 rounded-md border border-gray-300 bg-white px-3" value={pickup} onChange={(e) => setPickup(e.target.value)}>
            <option value="asap">As soon as possible</option>
            {slots.map((slot) => (
              <option key={slot.value} value={slot.value}>
                {slot.label}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Note for the truck (optional)">
          <textarea
            className="min-h-16 rounded-md border border-gray-300 px-3 py-2"
            maxLength={ORDER_LIMITS.noteMax}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </FormField>
        {!stripeMode && <TestCardFields values={card.values} errors={card.errors} setField={card.setField} />}
        {failure && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {failure}
          </p>
        )}
        {awaiting?.paymentClientSecret && config.data?.payments.publishableKey ? (
          <Suspense fallback={<Spinner className="h-6 w-6 text-brand-700" label="Loading the payment form" />}>
            <StripeOrderPayment
              publishableKey={config.data.payments.publishableKey}
              clientSecret={awaiting.paymentClientSecret}
              orderId={awaiting.id}
              label={`Pay ${formatCents(awaiting.totalCents)}`}
              onPaid={() => confirm.mutate(awaiting.id, { onSettled: () => ordered(awaiting.id) })}
            />
          </Suspense>
        ) : (
          <Button type="submit" size="lg" className="h-12 text-base" disabled={place.isPending}>
            {place.isPending ? <Spinner className="h-5 w-5" label="Paying" /> : null}
            {stripeMode ? `Continue to payment (${formatCents(total)})` : `Pay ${formatCents(total)} and order`}
          </Button>
        )}
      </Card>
      {count > 0 && summaryInView === false && (
        <div className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white p-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] lg:hidden" data-testid="cart-bar">
          <Button
            type="button"
            size="lg"
            className="h-12 w-full justify-between text-base"
            aria-label={`View order: ${itemsSaid}, ${formatCents(total)}`}
            onClick={toSummary}
          >
            <span>View order · {itemsSaid}</span>
            <span>{formatCents(total)}</span>
          </Button>
        </div>
      )}
    </form>
  );
}
