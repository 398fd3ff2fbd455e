import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database, Tx } from '../../db/client';
import { stripeWebhookEvents, subscriptionPayments, users } from '../../db/schema';
import { snapshotOf, type StripePaymentProvider, type SubscriptionSnapshot } from '../../integrations/payments';
import { atProvider, lockSubscription, writeSubscription } from '../subscriptions/subscription-lifecycle.service';
import { markOrderPaid } from '../orders/orders.service';

/**
 * payment_intent.succeeded: the order paid with it becomes received (markOrderPaid changes only an
 * order still awaiting payment, so a late or repeated event changes nothing). The event id is
 * stored in the same transaction as the change: a redelivery is a duplicate, a failure leaves nothing.
 */
async function orderPaid(db: Database, event: Stripe.Event): Promise<WebhookOutcome> {
  const intent = event.data.object;
  if (intent.object !== 'payment_intent') return 'ignored';
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(stripeWebhookEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeWebhookEvents.id });
    if (!inserted) return 'duplicate';
    return (await markOrderPaid(tx, intent.id)) ? 'processed' : 'ignored';
  });
}

/** The events that change an operator subscription; the endpoint acknowledges others unread. */
export const HANDLED_STRIPE_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  // An order's PaymentIntent (issue 30): the order becomes received.
  'payment_intent.succeeded',
] as const;

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object;
  if (object.object === 'subscription') return object.id;
  if (object.object === 'invoice') {
    const subscription = object.parent?.subscription_details?.subscription;
    return subscription ? (typeof subscription === 'string' ? subscription : subscription.id) : null;
  }
  return null;
}

/**
 * Handles one verified Stripe event, once. Stripe may deliver events late, twice or out of order,
 * so an event is only a prompt: the subscription is re-read from Stripe and that current state is
 * written (an `updated` that overtook its `created` leaves the right state either way). The event id
 * is stored in the same transaction as its effect, so a redelivery is skipped and a failed attempt
 * (5xx, Stripe retries) leaves nothing behind.
 */
export async function handleStripeEvent(
  db: Database,
  stripe: StripePaymentProvider,
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  if (!(HANDLED_STRIPE_EVENTS as readonly string[]).includes(event.type)) return 'ignored';
  const [seen] = await db.select({ id: stripeWebhookEvents.id }).from(stripeWebhookEvents).where(eq(stripeWebhookEvents.id, event.id));
  if (seen) return 'duplicate';

  if (event.type === 'payment_intent.succeeded') return orderPaid(db, event);

  const subscriptionId = subscriptionIdOf(event);
  // Outside the transaction: no row lock is held while Stripe answers. Stripe failing or stalling
  // is a 502 (bounded by the SDK's time-out): nothing is stored, so Stripe's redelivery applies it.
  const snapshot = subscriptionId ? await atProvider(() => currentSnapshot(stripe, event, subscriptionId)) : null;

  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(stripeWebhookEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeWebhookEvents.id });
    if (!inserted) return 'duplicate';
    if (!snapshot) return 'ignored';
    const operatorId = await operatorOf(tx, snapshot);
    if (operatorId === null) return 'ignored';

    const before = await lockSubscription(tx, operatorId);
    const row = await writeSubscription(
      tx,
      operatorId,
      {
        provider: 'stripe',
        providerCustomerId: snapshot.customerId,
        providerSubscriptionId: snapshot.subscriptionId,
        status: snapshot.status,
        currentPeriodEnd: snapshot.currentPeriodEnd,
        cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
        // The form's secret is only useful while the first payment is pending.
        ...(snapshot.status === 'incomplete' ? {} : { pendingClientSecret: null }),
      },
      before,
    );
    if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
      const invoice = event.data.object;
      const paymentIntent = invoice.payments?.data[0]?.payment.payment_intent;
      await tx
        .insert(subscriptionPayments)
        .values({
          operatorId,
          subscriptionId: row.id,
          amountCents: event.type === 'invoice.paid' ? invoice.amount_paid : invoice.amount_due,
          currency: invoice.currency,
          status: event.type === 'invoice.paid' ? 'succeeded' : 'failed',
          kind: invoice.billing_reason === 'subscription_create' ? 'initial' : 'renewal',
          provider: 'stripe',
          providerPaymentId: paymentIntent ? (typeof paymentIntent === 'string' ? paymentIntent : paymentIntent.id) : null,
          providerInvoiceId: invoice.id,
          failureMessage: event.type === 'invoice.payment_failed' ? (invoice.last_finalization_error?.message ?? 'Payment failed') : null,
        })
        .onConflictDoNothing();
    }
    return 'processed';
  });
}

/** Stripe's current state of the subscription; the event's own copy only when Stripe no longer has it. */
async function currentSnapshot(
  stripe: StripePaymentProvider,
  event: Stripe.Event,
  subscriptionId: string,
): Promise<SubscriptionSnapshot | null> {
  const current = await stripe.retrieveSubscription(subscriptionId);
  if (current) return current;
  return event.type === 'customer.subscription.deleted' ? snapshotOf(event.data.object) : null;
}

/**
 * The operator this subscription belongs to: the account that stores its id, else (an event that
 * arrived before our own create call committed) the account named in its metadata with the same
 * Stripe customer. Events of an older subscription the operator has replaced are ignored.
 */
async function operatorOf(tx: Tx, snapshot: SubscriptionSnapshot): Promise<number | null> {
  const [owner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.stripeSubscriptionId, snapshot.subscriptionId), eq(users.role, 'operator')));
  if (owner) return owner.id;
  if (snapshot.operatorId === null) return null;
  const [named] = await tx
    .select({ id: users.id, customerId: users.stripeCustomerId, subscriptionId: users.stripeSubscriptionId })
    .from(users)
    .where(and(eq(users.id, snapshot.operatorId), eq(users.role, 'operator')));
  if (!named || named.subscriptionId || (named.customerId && named.customerId !== snapshot.customerId)) return null;
  await tx
    .update(users)
    .set({ stripeCustomerId: snapshot.customerId, stripeSubscriptionId: snapshot.subscriptionId, updatedAt: new Date() })
    .where(eq(users.id, named.id));
  return named.id;
}
