import { describe, expect, it } from 'vitest';
import { customerSignupSchema, loginSchema, registerFormSchema, registerSchema } from './auth';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('loginSchema', () => {
  it('strips hyphens, spaces and parentheses from the username', () => {
    expect(loginSchema.parse({ username: '(512) 555-0100', password: 'x' }).username).toBe('5125550100');
  });
  it('requires both fields with the spec messages', () => {
    expect(messages(loginSchema.safeParse({ username: '', password: '' }))).toEqual([
      'Username is required',
      'Password is required',
    ]);
  });
});

describe('registerSchema', () => {
  const valid = { phone: '512-555-0100', password: 'long-enough-1', role: 'operator' };
  it('accepts a minimal registration and stores the phone in its one form, E.164', () => {
    expect(registerSchema.parse(valid)).toEqual({ phone: '+15125550100', password: 'long-enough-1', role: 'operator' });
  });
  it.each(['512.555.0100', '(512) 555 0100', '+1 512-555-0100', '1.512.555.0100'])(
    'accepts the phone %s, written as people do, as +15125550100',
    (phone) => {
      expect(registerSchema.parse({ ...valid, phone }).phone).toBe('+15125550100');
    },
  );
  it('treats empty username and email as not given', () => {
    const parsed = registerSchema.parse({ ...valid, username: '', email: ' ' });
    expect(parsed.username).toBeUndefined();
    expect(parsed.email).toBeUndefined();
  });
  it.each([
    ['123456789', 'Phone number must be at least 10 digits'],
    ['0123456789', 'Invalid phone number format'],
    ['+1234567890123456789', 'Invalid phone number format'],
    ['51255501OO', 'Invalid phone number format'],
    // A digit too many is a typo, not another country's number (the plus says that).
    ['(512) 555-01000', 'Phone number must be 10 digits, or start with + and the country code'],
    ['25125550100', 'Phone number must be 10 digits, or start with + and the country code'],
  ])('rejects phone %s with "%s"', (phone, message) => {
    expect(messages(registerSchema.safeParse({ ...valid, phone }))).toContain(message);
  });
  it('says one thing of what is no phone number at all', () => {
    expect(messages(registerSchema.safeParse({ ...valid, phone: 'call us anytime' }))).toEqual(['Invalid phone number format']);
  });
  it('accepts an international number with a plus', () => {
    expect(registerSchema.safeParse({ ...valid, phone: '+44 7911 123456' }).success).toBe(true);
  });
  it('refuses a password of spaces only', () => {
    expect(messages(registerSchema.safeParse({ ...valid, password: '        ' }))).toEqual(['Password must not be only spaces']);
  });
  it('offers only customer and operator', () => {
    expect(messages(registerSchema.safeParse({ ...valid, role: 'admin' }))).toEqual(['Role must be customer or operator']);
  });
  it('needs a username with a letter so it can never be mistaken for a phone number', () => {
    expect(messages(registerSchema.safeParse({ ...valid, username: '5125550100' }))).toContain('Username must contain a letter');
  });
});

describe('registerFormSchema', () => {
  it("says 'Passwords don't match' on the confirmation field", () => {
    const result = registerFormSchema.safeParse({ phone: '5125550100', password: 'long-enough-1', confirmPassword: 'other', role: 'customer' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ message: "Passwords don't match", path: ['confirmPassword'] });
  });
});

describe('customerSignupSchema', () => {
  it('uses the same phone rules', () => {
    expect(messages(customerSignupSchema.safeParse({ phone: '(512) 55', password: 'long-enough-1' }))).toEqual([
      'Phone number must be at least 10 digits',
    ]);
  });
});
