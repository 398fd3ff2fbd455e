/**
 * Stripe's documented test cards (https://docs.stripe.com/testing), with the token Stripe gives each
 * and how it behaves. The test-mode provider accepts exactly these, as Stripe's test mode does.
 */
export interface TestCard {
  token: string;
  /** null: the charge succeeds; otherwise Stripe's decline message. */
  decline: string | null;
}

const DECLINED = 'Your card was declined.';

export const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  '4242424242424242': { token: 'tok_visa', decline: null },
  '4000056655665556': { token: 'tok_visa_debit', decline: null },
  '5555555555554444': { token: 'tok_mastercard', decline: null },
  '2223003122003222': { token: 'tok_mastercard', decline: null },
  '5200828282828210': { token: 'tok_mastercard_debit', decline: null },
  '5105105105105100': { token: 'tok_mastercard_prepaid', decline: null },
  '378282246310005': { token: 'tok_amex', decline: null },
  '371449635398431': { token: 'tok_amex', decline: null },
  '6011111111111117': { token: 'tok_discover', decline: null },
  '6011000990139424': { token: 'tok_discover', decline: null },
  '3056930009020004': { token: 'tok_diners', decline: null },
  '36227206271667': { token: 'tok_diners', decline: null },
  '3566002020360505': { token: 'tok_jcb', decline: null },
  '6200000000000005': { token: 'tok_unionpay', decline: null },
  '4000000000000002': { token: 'tok_chargeDeclined', decline: DECLINED },
  '4000000000009995': { token: 'tok_chargeDeclinedInsufficientFunds', decline: 'Your card has insufficient funds.' },
  '4000000000009987': { token: 'tok_chargeDeclinedLostCard', decline: DECLINED },
  '4000000000009979': { token: 'tok_chargeDeclinedStolenCard', decline: DECLINED },
  '4000000000000069': { token: 'tok_chargeDeclinedExpiredCard', decline: 'Your card has expired.' },
  '4000000000000127': { token: 'tok_chargeDeclinedIncorrectCvc', decline: "Your card's security code is incorrect." },
  '4000000000000119': {
    token: 'tok_chargeDeclinedProcessingError',
    decline: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

/** How a saved token behaves on a renewal charge (unknown tokens decline). */
export function declineOfToken(token: string): string | null {
  for (const card of Object.values(TEST_CARDS)) if (card.token === token) return card.decline;
  return DECLINED;
}

/** A well-formed card that is not a test card: Stripe's test mode declines real cards. */
export const LIVE_CARD_IN_TEST_MODE =
  'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.';
