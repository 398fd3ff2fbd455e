import type Stripe from 'stripe';
import type { SubscriptionStatus } from '@shared/constants';
import type { CardInput } from '@shared/utils/payment-card';

/** Which provider a subscription row belongs to (operator_subscriptions.provider). */
export type ProviderName = 'offline' | 'stripe';

/** The provider-side identity of one subscription. */
export interface ProviderSubscriptionRef {
  providerCustomerId: string | null;
  providerSubscriptionId: string | null;
}

export interface SubscriptionCustomer {
  operatorId: number;
  /** Reused when the operator subscribed before (Stripe customer id). */
  customerId: string | null;
  email: string | null;
  phone: string | null;
  name: string | null;
}

/** A subscription created at the provider and waiting for its first payment. */
export interface StartedSubscription {
  customerId: string;
  subscriptionId: string;
  /** What the payment form confirms (Stripe: the first invoice's payment secret). */
  clientSecret: string;
}

/**
 * The operator subscription as one payment provider knows it. Besides creating, both providers
 * support cancel-at-period-end and the admin's pause/resume; the rest depends on the mode.
 */
/** Origins the browser must reach in this mode, for the Content-Security-Policy. */
export interface PaymentCspSources {
  scriptSrc: readonly string[];
  connectSrc: readonly string[];
  frameSrc: readonly string[];
}

interface PaymentProviderBase {
  readonly providerName: ProviderName;
  /** Added to the CSP by the security headers: Stripe's origins in Stripe mode, none in test mode. */
  readonly cspSources: PaymentCspSources;
  /** What the browser needs (Stripe's publishable key; null in test mode). */
  readonly publishableKey: string | null;
  startSubscription(customer: SubscriptionCustomer): Promise<StartedSubscription>;
  /** 'Cancel anytime' (true) and its undo (false), before the period ends. */
  setCancelAtPeriodEnd(subscription: ProviderSubscriptionRef, cancel: boolean): Promise<void>;
  /** Admin pause: no charges while paused (Stripe: pause_collection). */
  pause(subscription: ProviderSubscriptionRef): Promise<void>;
  resume(subscription: ProviderSubscriptionRef): Promise<void>;
  /** Ends the subscription now, without a refund (the admin deletes the operator). Already gone is fine. */
  cancelNow(subscription: ProviderSubscriptionRef): Promise<void>;
  /**
   * Refunds an order's payment in full (issue 30). The key makes a retried call refund once at the
   * provider; the caller records the refund (unique per order) in the same transaction.
   */
  refundOrderPayment(payment: { paymentId: string; amountCents: number; idempotencyKey: string }): Promise<{ refundId: string }>;
  /**
   * The operator's payout account: Stripe Connect Express (created once, then an onboarding link);
   * test mode: a simulated account that can be paid at once.
   */
  connectPayoutAccount(operator: PayoutOperator): Promise<PayoutAccountState>;
}

export interface PayoutOperator {
  operatorId: number;
  /** The account made earlier, if any (Stripe: acct_…). */
  accountId: string | null;
  email: string | null;
  /** Where Stripe sends the operator back to after onboarding. */
  returnUrl: string;
}

export interface PayoutAccountState {
  accountId: string;
  chargesEnabled: boolean;
  /** Stripe: the onboarding link to open; test mode: null. */
  onboardingUrl: string | null;
}

/** One charge in test mode. */
export type TestCharge = { status: 'succeeded'; paymentId: string } | { status: 'failed'; paymentId: string; message: string };

/** Charging a typed card: it is saved on success; `invalid` = malformed, nothing was charged. */
export type TestCardChargeResult =
  | { status: 'succeeded'; paymentId: string; card: SavedTestCard }
  | Extract<TestCharge, { status: 'failed' }>
  | { status: 'invalid'; fieldErrors: Partial<Record<keyof CardInput, string>> };

/** The card on file in test mode: a Stripe test token naming its behaviour, never the number. */
export interface SavedTestCard {
  token: string;
  last4: string;
  brand: string;
}

/** The built-in provider: it charges Stripe's documented test cards itself, offline. */
export interface TestPaymentProvider extends PaymentProviderBase {
  readonly mode: 'test';
  chargeCard(card: CardInput, amountCents: number, now?: Date): TestCardChargeResult;
  /** A renewal charge of the card on file. */
  chargeSavedCard(token: string, amountCents: number): TestCharge;
}

/** What we keep of a Stripe subscription, read back from Stripe (the source of truth). */
export interface SubscriptionSnapshot {
  subscriptionId: string;
  customerId: string;
  /** From the subscription's metadata, which we set when creating it. */
  operatorId: number | null;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export interface StripePaymentProvider extends PaymentProviderBase {
  readonly mode: 'stripe';
  /** Verifies the Stripe-Signature header on the raw body; throws when it does not match. */
  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event;
  /** The subscription's current state at Stripe, or null when Stripe does not know it. */
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null>;
  /**
   * An order's PaymentIntent (issue 30): a destination charge on the platform, the money going to
   * the operator's Connect account less the platform fee; the Payment Element confirms it.
   */
  createOrderPayment(payment: OrderPaymentRequest): Promise<{ paymentId: string; clientSecret: string }>;
  /** Where an order's PaymentIntent stands. */
  orderPaymentStatus(paymentId: string): Promise<'succeeded' | 'pending' | 'failed'>;
  /**
   * Cancels an unpaid order's PaymentIntent, so it can no longer be paid: 'canceled' (now, or
   * already), or 'succeeded' when the payment went through first (the caller refunds it instead).
   */
  cancelOrderPayment(paymentId: string): Promise<'canceled' | 'succeeded'>;
}

export interface OrderPaymentRequest {
  amountCents: number;
  currency: string;
  /** The operator's Connect account (acct_…). */
  destination: string;
  applicationFeeCents: number;
  /** A retried create gets the same PaymentIntent back (Stripe keeps keys for 24 hours). */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export type PaymentProvider = TestPaymentProvider | StripePaymentProvider;
export type PaymentMode = PaymentProvider['mode'];
