import { describe, expect, it } from 'vitest';
import { hintedRole, SCREEN_SESSION_COOKIE, SIGNED_IN_HINT_COOKIE, signedInCookies } from './server-render';

describe('the cookies a stored session sets (ADR 0168, 0175, 0176)', () => {
  it('write the screen session cookie at the role’s own screen alone, and clear it with the session, for another role, or for an admin', () => {
    const viewer = { locale: 'en-US', timeZone: 'UTC' };
    const operator = signedInCookies({ role: 'operator', token: 'abc.def' }, () => viewer, { secure: true });
    expect(operator).toEqual([
      `${SIGNED_IN_HINT_COOKIE}=operator; Path=/; Max-Age=31536000; SameSite=Lax; Secure`,
      `${SCREEN_SESSION_COOKIE}=; Path=/favorites; Max-Age=0; SameSite=Lax; Secure`,
      `${SCREEN_SESSION_COOKIE}=${encodeURIComponent('{"token":"abc.def","locale":"en-US","timeZone":"UTC"}')}; Path=/operator-dashboard; Max-Age=31536000; SameSite=Lax; Secure`,
    ]);
    const customer = signedInCookies({ role: 'customer', token: 'abc.def' }, () => viewer, { secure: false });
    expect(customer.filter((c) => c.startsWith(`${SCREEN_SESSION_COOKIE}=`))).toEqual([
      `${SCREEN_SESSION_COOKIE}=${encodeURIComponent('{"token":"abc.def","locale":"en-US","timeZone":"UTC"}')}; Path=/favorites; Max-Age=31536000; SameSite=Lax`,
      `${SCREEN_SESSION_COOKIE}=; Path=/operator-dashboard; Max-Age=0; SameSite=Lax`,
    ]);
    for (const session of [null, { role: 'admin' as const, token: 'abc.def' }]) {
      const cookies = signedInCookies(session, () => {
        throw new Error('no screen cookie to write: the viewer is not read');
      }, { secure: false });
      expect(cookies.filter((c) => c.startsWith(`${SCREEN_SESSION_COOKIE}=`))).toEqual([
        `${SCREEN_SESSION_COOKIE}=; Path=/favorites; Max-Age=0; SameSite=Lax`,
        `${SCREEN_SESSION_COOKIE}=; Path=/operator-dashboard; Max-Age=0; SameSite=Lax`,
      ]);
    }
  });

  it('are the hint alone where the screens’ cookies are left as they are', () => {
    expect(signedInCookies({ role: 'operator', token: 'abc.def' }, () => ({ locale: 'en-US', timeZone: 'UTC' }), { secure: false, screens: false })).toEqual([
      `${SIGNED_IN_HINT_COOKIE}=operator; Path=/; Max-Age=31536000; SameSite=Lax`,
    ]);
  });

  it('name a role in the hint, which is only read as one of ours', () => {
    expect(hintedRole('operator')).toBe('operator');
    for (const value of ['1', '', undefined, 'operator ', 'Operator']) expect(hintedRole(value)).toBeNull();
  });
});
