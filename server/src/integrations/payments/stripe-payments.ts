import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { SubscriptionStatus } from '@shared/constants';
import type {
  OrderPaymentRequest,
  PayoutAccountState,
  PayoutOperator,
  ProviderSubscriptionRef,
  StartedSubscription,
  StripePaymentProvider,
  SubscriptionCustomer,
  SubscriptionSnapshot,
} from './payment-provider';

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  priceId: string;
  webhookSecret: string;
  /** Where the SDK sends requests; tests point it at a local fake Stripe (never the network). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** One attempt's time-out (STRIPE_TIMEOUT_MS); default STRIPE_DEFAULTS.timeoutMs. */
  timeoutMs?: number;
  /** Retries of a failed or timed-out call (STRIPE_MAX_NETWORK_RETRIES); default STRIPE_DEFAULTS.maxNetworkRetries. */
  maxNetworkRetries?: number;
}

/**
 * Chosen, not the SDK's (80 s and no retry): a call runs inside the transaction that holds the
 * operator's rows, and a stalled Stripe must not hold them — nor a request, nor a shutdown (20 s)
 * — for minutes. Worst case: 2 × 8 s + the SDK's back-off (0.5–1 s) ≈ 17 s. Retries reuse the SDK's
 * idempotency key, so a retried create cannot create twice at Stripe.
 */
export const STRIPE_DEFAULTS = { timeoutMs: 8000, maxNetworkRetries: 1 } as const;

/** Stripe's subscription statuses in our vocabulary (shared/constants SUBSCRIPTION_STATUSES). */
export function ourStatus(subscription: Pick<Stripe.Subscription, 'status' | 'pause_collection'>): SubscriptionStatus {
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      // An admin pause is Stripe's pause_collection on a subscription that stays 'active' there.
      return subscription.pause_collection ? 'paused' : 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'paused':
      return 'paused';
    case 'incomplete':
      return 'incomplete';
    default:
      return 'canceled';
  }
}

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

export function snapshotOf(subscription: Stripe.Subscription): SubscriptionSnapshot {
  // Since API 2025-03-31 the period lives on the items; a one-price subscription has one item.
  const ends = subscription.items.data.map((item) => item.current_period_end);
  const operatorId = Number(subscription.metadata?.operatorId);
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer),
    operatorId: Number.isInteger(operatorId) && operatorId > 0 ? operatorId : null,
    status: ourStatus(subscription),
    currentPeriodEnd: ends.length > 0 ? new Date(Math.max(...ends) * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

/** What Stripe.js and the Payment Element load (https://docs.stripe.com/security/guide#content-security-policy). */
export const STRIPE_CSP_SOURCES = {
  scriptSrc: ['https://js.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
} as const;

/** Stripe through its official SDK, when the four STRIPE_ variables are set. */
export class StripePayments implements StripePaymentProvider {
  readonly mode = 'stripe' as const;
  readonly providerName = 'stripe' as const;
  readonly publishableKey: string;
  readonly cspSources = STRIPE_CSP_SOURCES;
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    this.publishableKey = config.publishableKey;
    this.stripe = new Stripe(config.secretKey, {
      timeout: config.timeoutMs ?? STRIPE_DEFAULTS.timeoutMs,
      maxNetworkRetries: config.maxNetworkRetries ?? STRIPE_DEFAULTS.maxNetworkRetries,
      ...config.api,
    });
  }

  /**
   * The operator's Stripe customer, under an idempotency key of the operator and what is sent: when
   * Stripe created the customer but its answer was lost (a time-out), the operator's next attempt
   * gets that same customer back (Stripe keeps keys for 24 hours) instead of a second one that
   * nobody would ever use. Different details make a different key, so a new request.
   */
  private async createCustomer(customer: SubscriptionCustomer): Promise<string> {
    const params = {
      email: customer.email ?? undefined,
      phone: customer.phone ?? undefined,
      name: customer.name ?? undefined,
      metadata: { operatorId: String(customer.operatorId) },
    };
    const digest = createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 16);
    const created = await this.stripe.customers.create(params, { idempotencyKey: `customer-of-operator-${customer.operatorId}-${digest}` });
    return created.id;
  }

  async startSubscription(customer: SubscriptionCustomer): Promise<StartedSubscription> {
    const customerId = customer.customerId ?? (await this.createCustomer(customer));
    const subscription = await this.stripe.subscriptions.create({
      customer: customerId,
      items: [{ price: this.config.priceId }],
      // The subscription waits for the first payment, which the Payment Element confirms.
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { operatorId: String(customer.operatorId) },
      expand: ['latest_invoice.confirmation_secret'],
    });
    const invoice = subscription.latest_invoice;
    const clientSecret = invoice && typeof invoice !== 'string' ? invoice.confirmation_secret?.client_secret : undefined;
    if (!clientSecret) throw new Error(`Stripe subscription ${subscription.id} has no payment to confirm`);
    return { customerId, subscriptionId: subscription.id, clientSecret };
  }

  async setCancelAtPeriodEnd(subscription: ProviderSubscriptionRef, cancel: boolean): Promise<void> {
    await this.stripe.subscriptions.update(requireId(subscription), { cancel_at_period_end: cancel });
  }

  async pause(subscription: ProviderSubscriptionRef): Promise<void> {
    await this.stripe.subscriptions.update(requireId(subscription), { pause_collection: { behavior: 'void' } });
  }

  async resume(subscription: ProviderSubscriptionRef): Promise<void> {
    // An empty string unsets pause_collection.
    await this.stripe.subscriptions.update(requireId(subscription), { pause_collection: '' });
  }

  async cancelNow(subscription: ProviderSubscriptionRef): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(requireId(subscription));
    } catch (err) {
      // Stripe no longer knows it (deleted, or already canceled long ago): nothing left to cancel.
      if (isMissing(err)) return;
      throw err;
    }
  }

  async refundOrderPayment(payment: { paymentId: string; amountCents: number; idempotencyKey: string }): Promise<{ refundId: string }> {
    // A destination charge: take the money back from the connected account and return the fee too.
    const refund = await this.stripe.refunds.create(
      { payment_intent: payment.paymentId, amount: payment.amountCents, reverse_transfer: true, refund_application_fee: true },
      { idempotencyKey: payment.idempotencyKey },
    );
    return { refundId: refund.id };
  }

  async createOrderPayment(payment: OrderPaymentRequest): Promise<{ paymentId: string; clientSecret: string }> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: payment.amountCents,
        currency: payment.currency,
        automatic_payment_methods: { enabled: true },
        transfer_data: { destination: payment.destination },
        ...(payment.applicationFeeCents > 0 ? { application_fee_amount: payment.applicationFeeCents } : {}),
        metadata: payment.metadata,
      },
      { idempotencyKey: payment.idempotencyKey },
    );
    if (!intent.client_secret) throw new Error(`Stripe PaymentIntent ${intent.id} has no client secret`);
    return { paymentId: intent.id, clientSecret: intent.client_secret };
  }

  async orderPaymentStatus(paymentId: string): Promise<'succeeded' | 'pending' | 'failed'> {
    const intent = await this.stripe.paymentIntents.retrieve(paymentId);
    if (intent.status === 'succeeded') return 'succeeded';
    if (intent.status === 'canceled' || (intent.status === 'requires_payment_method' && intent.last_payment_error)) return 'failed';
    return 'pending';
  }

  async cancelOrderPayment(paymentId: string): Promise<'canceled' | 'succeeded'> {
    try {
      await this.stripe.paymentIntents.cancel(paymentId);
      return 'canceled';
    } catch (err) {
      // Stripe refuses to cancel a PaymentIntent that succeeded (or was canceled already): ask which.
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError) || err.code !== 'payment_intent_unexpected_state') throw err;
      const intent = await this.stripe.paymentIntents.retrieve(paymentId);
      if (intent.status === 'succeeded') return 'succeeded';
      if (intent.status === 'canceled') return 'canceled';
      throw err;
    }
  }

  async connectPayoutAccount(operator: PayoutOperator): Promise<PayoutAccountState> {
    const accountId =
      operator.accountId ??
      (
        await this.stripe.accounts.create(
          {
            type: 'express',
            email: operator.email ?? undefined,
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { operatorId: String(operator.operatorId) },
          },
          { idempotencyKey: `payout-account-of-operator-${operator.operatorId}` },
        )
      ).id;
    const account = await this.stripe.accounts.retrieve(accountId);
    if (account.charges_enabled) return { accountId, chargesEnabled: true, onboardingUrl: null };
    const link = await this.stripe.accountLinks.create({
      account: accountId,
      type: 'account_onboarding',
      refresh_url: operator.returnUrl,
      return_url: operator.returnUrl,
    });
    return { accountId, chargesEnabled: false, onboardingUrl: link.url };
  }

  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret);
  }

  async retrieveSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    try {
      return snapshotOf(await this.stripe.subscriptions.retrieve(subscriptionId));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }
}

const isMissing = (err: unknown) => err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404;

function requireId(subscription: ProviderSubscriptionRef): string {
  if (!subscription.providerSubscriptionId) throw new Error('subscription has no Stripe id');
  return subscription.providerSubscriptionId;
}
