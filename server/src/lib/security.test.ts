import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';
import { SignJWT } from 'jose';
import { TokenService } from './tokens';

describe('passwords', () => {
  it('hashes with scrypt and a random salt, and verifies', async () => {
    const a = await hashPassword('pit-master-2025');
    const b = await hashPassword('pit-master-2025');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('pit-master-2025', a)).toBe(true);
    expect(await verifyPassword('pit-master-2026', a)).toBe(false);
  });

  it('rejects malformed stored values instead of throwing', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
  });
});

describe('TokenService', () => {
  const tokens = new TokenService('s'.repeat(48));

  it('signs tokens with an expiry and reads back the user id', async () => {
    const token = await tokens.sign({ userId: 42, sessionVersion: 3 });
    const [, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as { sub: string; exp: number; iat: number };
    expect(claims.sub).toBe('42');
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
    expect(await tokens.verify(token)).toEqual({ userId: 42, sessionVersion: 3 });
  });

  it('refuses tokens signed with another secret, tampered ones and the "none" algorithm', async () => {
    const other = await new TokenService('o'.repeat(48)).sign({ userId: 42, sessionVersion: 0 });
    expect(await tokens.verify(other)).toBeUndefined();
    const token = await tokens.sign({ userId: 42, sessionVersion: 3 });
    const [h, , s] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: '1', exp: 9_999_999_999 })).toString('base64url');
    expect(await tokens.verify(`${h}.${forgedPayload}.${s}`)).toBeUndefined();
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${forgedPayload}.`;
    expect(await tokens.verify(none)).toBeUndefined();
  });

  // Issue 7 (Low): a token without `exp` never expires; `sub` must be a row id.
  const signed = (claims: Record<string, unknown>, build: (jwt: SignJWT) => SignJWT = (j) => j.setExpirationTime('1h')) =>
    build(new SignJWT(claims).setProtectedHeader({ alg: 'HS256' })).sign(new TextEncoder().encode('s'.repeat(48)));

  it('refuses a correctly signed token without exp', async () => {
    expect(await tokens.verify(await signed({ sub: '42', sv: 0 }, (j) => j))).toBeUndefined();
    expect(await tokens.verify(await signed({ sub: '42', sv: 0 }))).toEqual({ userId: 42, sessionVersion: 0 });
  });

  it.each(['0x1', '1e0', ' 1', '+1', '0', '-1', '2147483648', '9007199254740993', ''])(
    'refuses sub %j (not a decimal row id)',
    async (sub) => {
      expect(await tokens.verify(await signed({ sub, sv: 0 }))).toBeUndefined();
    },
  );

  it('refuses a token without a session version', async () => {
    expect(await tokens.verify(await signed({ sub: '42' }))).toBeUndefined();
    expect(await tokens.verify(await signed({ sub: '42', sv: '0' }))).toBeUndefined();
  });
});
