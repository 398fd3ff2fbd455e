import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { TEXTED_CODE_LENGTH, TEXTED_CODE_MAX_ATTEMPTS, TEXTED_CODE_TTL_MINUTES } from '@shared/constants';
import type { Database, DbOrTx } from '../db/client';
import { textedCodes, type TextedCodePurpose } from '../db/schema';

/**
 * The short codes texted to a phone (a listing's claim, ADR 0158; a password reset, ADR 0187; a new
 * number, ADR 0188): drawn from the CSPRNG, and stored only as a hash over what they are for, the row
 * they belong to and the code, so a hash read from one row says nothing about another's. (Six digits are few: the callers'
 * attempt limits, not the hash, are the guard.)
 */
export function newTextedCode(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

export function hashTextedCode(purpose: string, id: number, code: string): string {
  return createHash('sha256').update(`${purpose}:${id}:${code}`).digest('hex');
}

export function textedCodeMatches(purpose: string, id: number, code: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(hashTextedCode(purpose, id, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** A wrong code's answer, and a missing, expired or used one's (alike, so neither says which). */
export const TEXTED_CODE_REFUSALS = {
  wrongCode: (left: number) =>
    left > 0
      ? `That code is not right: ${left} ${left === 1 ? 'try' : 'tries'} left`
      : 'That code is not right, and it no longer works: ask for a new code',
  noCode: 'That code is not right, or it has expired: ask for a new code',
} as const;

/**
 * Stores a fresh code for an account and purpose, texted to `phone`, and returns it to be texted in
 * the same transaction. One code per account and purpose: a new one replaces the last, and its
 * tries start again.
 */
export async function issueTextedCode(
  tx: DbOrTx,
  { userId, purpose, phone }: { userId: number; purpose: TextedCodePurpose; phone: string },
  now = new Date(),
): Promise<string> {
  const code = newTextedCode(TEXTED_CODE_LENGTH);
  const row = {
    phone,
    codeHash: hashTextedCode(purpose, userId, code),
    attempts: 0,
    expiresAt: new Date(now.getTime() + TEXTED_CODE_TTL_MINUTES * 60_000),
    createdAt: now,
  };
  await tx
    .insert(textedCodes)
    .values({ userId, purpose, ...row })
    .onConflictDoUpdate({ target: [textedCodes.userId, textedCodes.purpose], set: row });
  return code;
}

/**
 * Checks a code for the account (`userId`) or number (`phone`) it was issued to, in a transaction of
 * its own under a row lock: the right code is used up and its row returned; a wrong one counts a
 * try, the last try ending it. A refusal is returned (not thrown) so the counted try is committed:
 * the caller answers it with a 400 on its code field.
 */
export async function redeemTextedCode(
  db: Database,
  purpose: TextedCodePurpose,
  issuedTo: { userId: number } | { phone: string },
  code: string,
  now = new Date(),
): Promise<{ userId: number; phone: string } | { refused: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: textedCodes.userId, phone: textedCodes.phone, codeHash: textedCodes.codeHash, attempts: textedCodes.attempts })
      .from(textedCodes)
      .where(
        and(
          eq(textedCodes.purpose, purpose),
          'userId' in issuedTo ? eq(textedCodes.userId, issuedTo.userId) : eq(textedCodes.phone, issuedTo.phone),
          gt(textedCodes.expiresAt, now),
        ),
      )
      .for('update')
      .limit(1);
    if (!row) return { refused: TEXTED_CODE_REFUSALS.noCode };
    const key = and(eq(textedCodes.userId, row.userId), eq(textedCodes.purpose, purpose));
    const right = textedCodeMatches(purpose, row.userId, code, row.codeHash);
    const left = TEXTED_CODE_MAX_ATTEMPTS - (row.attempts + 1);
    if (right || left <= 0) await tx.delete(textedCodes).where(key);
    else await tx.update(textedCodes).set({ attempts: sql`${textedCodes.attempts} + 1` }).where(key);
    return right ? { userId: row.userId, phone: row.phone } : { refused: TEXTED_CODE_REFUSALS.wrongCode(left) };
  });
}
