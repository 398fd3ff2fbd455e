import { describe, expect, it } from 'vitest';
import { formatPhone, stripPhoneFormatting, toE164 } from './phone';

describe('stripPhoneFormatting', () => {
  it('removes hyphens, spaces and parentheses only', () => {
    expect(stripPhoneFormatting('(512) 555-0100')).toBe('5125550100');
    expect(stripPhoneFormatting('+1 512.555.0100')).toBe('+1512.555.0100');
    expect(stripPhoneFormatting('demo_customer')).toBe('demo_customer');
  });
});

describe('toE164', () => {
  it.each([
    ['5125550100', '+15125550100'],
    ['(512) 555-0100', '+15125550100'],
    ['15125550100', '+15125550100'],
    ['+15125550100', '+15125550100'],
    ['+447911123456', '+447911123456'],
    ['447911123456', '+447911123456'],
  ])('%s → %s', (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });
});

describe('formatPhone', () => {
  it('shows ten-digit numbers as 3-3-4', () => {
    expect(formatPhone('+15125550100')).toBe('512-555-0100');
    expect(formatPhone('5125550100')).toBe('512-555-0100');
  });
  it('leaves other numbers as they are', () => {
    expect(formatPhone('+447911123456')).toBe('+447911123456');
    expect(formatPhone(null)).toBe('');
  });
});
