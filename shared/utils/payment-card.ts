/**
 * Card checks of the built-in test-mode payment form, shared by the form (instant feedback) and the
 * server (the rule that counts). Messages are Stripe's, so both payment modes read alike.
 */

/** Digits only: spaces and dashes as typed are dropped. */
export const cardDigits = (cardNumber: string): string => cardNumber.replace(/[\s-]/g, '');

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** "MM/YY" or "MM/YYYY" (spaces allowed) → month and four-digit year, or null when malformed. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

export interface CardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/** Per-field messages for a card that cannot be charged as typed; empty when the card is well formed. */
export function cardFieldErrors(card: CardInput, now: Date = new Date()): Partial<Record<keyof CardInput, string>> {
  const errors: Partial<Record<keyof CardInput, string>> = {};
  const digits = cardDigits(card.cardNumber);
  if (!/^\d{12,19}$/.test(digits)) errors.cardNumber = 'Your card number is incomplete.';
  else if (!luhnValid(digits)) errors.cardNumber = 'Your card number is invalid.';
  const expiry = parseExpiry(card.expiry);
  if (!expiry) errors.expiry = "Your card's expiration date is incomplete.";
  else {
    const monthIndex = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (expiry.year * 12 + expiry.month - 1 < monthIndex) errors.expiry = "Your card's expiration year is in the past.";
    else if (expiry.year > now.getUTCFullYear() + 50) errors.expiry = "Your card's expiration year is invalid.";
  }
  const cvcLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim())) errors.cvc = "Your card's security code is incomplete.";
  return errors;
}
