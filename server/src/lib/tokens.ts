import { jwtVerify, SignJWT } from 'jose';
import { INT4_MAX } from '@shared/contracts/common';

export const TOKEN_TTL = '7d';

export interface TokenClaims {
  userId: number;
  /** users.session_version when the token was issued; any other version is refused. */
  sessionVersion: number;
}

/** Strictly decimal, in the range of a row id: no '0x1', '1e0', ' 1' or 2^53. */
const SUBJECT = /^[1-9]\d{0,9}$/;

export class TokenService {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ sv: claims.sessionVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(TOKEN_TTL)
      .sign(this.key);
  }

  /**
   * The claims of a valid, unexpired token; undefined for anything else — including a token
   * without `exp` (it would never expire), a `sub` that is not a row id, or no session version.
   */
  async verify(token: string): Promise<TokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub', 'sv'],
      });
      const { sub, sv } = payload;
      if (typeof sub !== 'string' || !SUBJECT.test(sub) || Number(sub) > INT4_MAX) return undefined;
      if (typeof sv !== 'number' || !Number.isInteger(sv) || sv < 0) return undefined;
      return { userId: Number(sub), sessionVersion: sv };
    } catch {
      return undefined;
    }
  }
}
