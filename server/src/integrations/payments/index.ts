import type { PaymentProvider } from './payment-provider';
import { StripePayments, type StripeConfig } from './stripe-payments';
import { TestPayments } from './test-payments';

export type * from './payment-provider';
export type { StripeConfig } from './stripe-payments';
export { snapshotOf, StripePayments } from './stripe-payments';
export { TestPayments } from './test-payments';

/** Stripe when configured, otherwise the built-in test mode. */
export function createPayments(options: { stripe?: StripeConfig }): PaymentProvider {
  return options.stripe ? new StripePayments(options.stripe) : new TestPayments();
}
