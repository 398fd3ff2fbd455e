import { randomBytes } from 'node:crypto';
import { cardBrand, cardDigits, cardFieldErrors, type CardInput } from '@shared/utils/payment-card';
import type {
  PayoutAccountState,
  PayoutOperator,
  StartedSubscription,
  TestCardChargeResult,
  TestCharge,
  TestPaymentProvider,
} from './payment-provider';
import { declineOfToken, LIVE_CARD_IN_TEST_MODE, TEST_CARDS } from './test-cards';

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * Test mode, the default without Stripe keys: a provider that really charges (Stripe's test cards,
 * by their documented behaviour) without a network. The subscription itself is recorded in our
 * database by the subscriptions module and renewed by workers/subscription-renewals.ts; this class
 * only mints ids and decides each charge.
 */
export class TestPayments implements TestPaymentProvider {
  readonly mode = 'test' as const;
  readonly providerName = 'offline' as const;
  readonly publishableKey = null;
  readonly cspSources = { scriptSrc: [], connectSrc: [], frameSrc: [] };

  async startSubscription(): Promise<StartedSubscription> {
    const paymentId = id('test_pi');
    return {
      customerId: id('test_cus'),
      subscriptionId: id('test_sub'),
      clientSecret: `${paymentId}_secret_${randomBytes(12).toString('hex')}`,
    };
  }

  chargeCard(card: CardInput, _amountCents: number, now: Date = new Date()): TestCardChargeResult {
    const fieldErrors = cardFieldErrors(card, now);
    if (Object.keys(fieldErrors).length > 0) return { status: 'invalid', fieldErrors };
    const digits = cardDigits(card.cardNumber);
    const known = TEST_CARDS[digits];
    const paymentId = id('test_pi');
    if (!known) return { status: 'failed', paymentId, message: LIVE_CARD_IN_TEST_MODE };
    if (known.decline) return { status: 'failed', paymentId, message: known.decline };
    return { status: 'succeeded', paymentId, card: { token: known.token, last4: digits.slice(-4), brand: cardBrand(digits) } };
  }

  chargeSavedCard(token: string): TestCharge {
    const decline = declineOfToken(token);
    const paymentId = id('test_pi');
    return decline ? { status: 'failed', paymentId, message: decline } : { status: 'succeeded', paymentId };
  }

  // Test mode keeps no state of its own: cancel, pause, resume and cancelNow are recorded by the caller.
  async setCancelAtPeriodEnd(): Promise<void> {}
  async pause(): Promise<void> {}
  async resume(): Promise<void> {}
  async cancelNow(): Promise<void> {}

  /** A test-mode refund always succeeds (as Stripe's test mode does for a succeeded payment). */
  async refundOrderPayment(): Promise<{ refundId: string }> {
    return { refundId: id('test_re') };
  }

  /** A simulated connected account that can be paid at once (keeps one made earlier). */
  async connectPayoutAccount(operator: PayoutOperator): Promise<PayoutAccountState> {
    return { accountId: operator.accountId ?? id('test_acct'), chargesEnabled: true, onboardingUrl: null };
  }
}
