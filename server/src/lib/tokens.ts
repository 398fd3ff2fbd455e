import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '../../../shared/constants';

export const TOKEN_TTL = '7d';

export interface TokenClaims {
  userId: number;
  role: Role;
}

export class TokenService {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ role: claims.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(TOKEN_TTL)
      .sign(this.key);
  }

  /** The user id of a valid, unexpired token; undefined for anything else. */
  async verify(token: string): Promise<number | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const id = Number(payload.sub);
      return Number.isInteger(id) && id > 0 ? id : undefined;
    } catch {
      return undefined;
    }
  }
}
