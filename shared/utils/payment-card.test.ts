import { describe, expect, it } from 'vitest';
import { cardBrand, cardDigits, cardFieldErrors, luhnValid, parseExpiry } from './payment-card';

const NOW = new Date('2026-11-23T12:00:00Z');

describe('payment card checks', () => {
  it('accepts Stripe test numbers by Luhn and rejects a changed digit', () => {
    expect(luhnValid(cardDigits('4242 4242 4242 4242'))).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
  });

  it('names brands by prefix', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
  });

  it('parses MM/YY and MM/YYYY expiries', () => {
    expect(parseExpiry('12/34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry(' 1 / 2030 ')).toEqual({ month: 1, year: 2030 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('1230')).toBeNull();
  });

  it('gives one message per bad field, in Stripe words', () => {
    expect(cardFieldErrors({ cardNumber: '4242 4242 4242 4242', expiry: '11/26', cvc: '123' }, NOW)).toEqual({});
    expect(cardFieldErrors({ cardNumber: '4242 4242 4242 4241', expiry: '10/26', cvc: '12' }, NOW)).toEqual({
      cardNumber: 'Your card number is invalid.',
      expiry: "Your card's expiration year is in the past.",
      cvc: "Your card's security code is incomplete.",
    });
    expect(cardFieldErrors({ cardNumber: '4242', expiry: '', cvc: '123' }, NOW)).toMatchObject({
      cardNumber: 'Your card number is incomplete.',
      expiry: "Your card's expiration date is incomplete.",
    });
    // American Express takes a four-digit code.
    expect(cardFieldErrors({ cardNumber: '378282246310005', expiry: '12/30', cvc: '123' }, NOW)).toEqual({
      cvc: "Your card's security code is incomplete.",
    });
  });
});
