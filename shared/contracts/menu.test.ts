import { describe, expect, it } from 'vitest';
import { PRICE_NOT_A_NUMBER, priceField } from './menu';

describe('a menu price as people type it', () => {
  it.each([
    ['2,50', 2.5],
    ['3,5', 3.5],
    ['$ 2,50', 2.5],
    ['2.50', 2.5],
    ['$12', 12],
    ['1,250', 1250],
    ['1,250.00', 1250],
    ['12,345.5', 12345.5],
  ])('reads %s as %d dollars', (typed, dollars) => {
    expect(priceField.parse(typed)).toBe(dollars);
  });

  it.each(['2,500,0', '2,5,0', '2,5050', '1.250,00', 'two'])('refuses %s with a message instead of guessing', (typed) => {
    const result = priceField.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(PRICE_NOT_A_NUMBER);
  });
});
