import { describe, expect, it } from 'vitest';
import { isAdmin, isCustomer, isOperator } from './roles';

describe('role checks', () => {
  it('answers for each role and for a signed-out visitor', () => {
    expect([isOperator, isAdmin, isCustomer].map((f) => f({ role: 'operator' }))).toEqual([true, false, false]);
    expect([isOperator, isAdmin, isCustomer].map((f) => f({ role: 'admin' }))).toEqual([false, true, false]);
    expect([isOperator, isAdmin, isCustomer].map((f) => f({ role: 'customer' }))).toEqual([false, false, true]);
    expect([isOperator, isAdmin, isCustomer].map((f) => f(null))).toEqual([false, false, false]);
  });
});
