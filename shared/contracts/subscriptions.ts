import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from '../constants';
import { isoDate } from './common';

/** GET /api/subscription-status: the signed-in user's operator subscription. */
export const subscriptionStatusSchema = z.object({
  /** True only while the subscription is active (the gate's rule): /subscribe then says 'You're All Set!'. */
  hasSubscription: z.boolean(),
  isOperator: z.boolean(),
  /** null when the user never started a subscription. */
  status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  currentPeriodEnd: isoDate.nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type SubscriptionStatusResponse = z.infer<typeof subscriptionStatusSchema>;

/** POST /api/create-operator-subscription: the secret the payment form confirms. */
export const createSubscriptionResponseSchema = z.object({ clientSecret: z.string() });
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

/** Card fields of the test-mode form; the rules themselves live in shared/utils/payment-card.ts. */
export const testConfirmRequestSchema = z.object({
  clientSecret: z.string().min(1, 'Payment session is missing').max(200),
  cardNumber: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
});
export type TestConfirmRequest = z.infer<typeof testConfirmRequestSchema>;

/** POST /api/payments/test/confirm answers with the subscription it activated. */
export const testConfirmResponseSchema = subscriptionStatusSchema;

/** The part of GET /api/app-config the payment form needs. */
export const paymentsConfigSchema = z.object({
  /** 'stripe' when the four STRIPE_ variables are set, else the built-in 'test' mode. */
  mode: z.enum(['stripe', 'test']),
  publishableKey: z.string().nullable(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;
