import { and, eq, gt, ne, sql } from 'drizzle-orm';
import {
  PASSWORD_RESET_CODE_LENGTH,
  PASSWORD_RESET_MAX_ATTEMPTS,
  PASSWORD_RESET_TTL_MINUTES,
  PRODUCT_NAME,
} from '@shared/constants';
import type { Database } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';
import { hashPassword } from '../../lib/passwords';
import { hashTextedCode, newTextedCode, textedCodeMatches } from '../../lib/texted-codes';
import { queueSms } from '../sms/sms-outbox.service';
import { accountColumns, toAccount, type Account } from './auth.service';

/**
 * "Forgot your password?" (ADR 0187): a code texted to the account's phone, then a new password
 * with it. Nothing answered says whether an account has a number: a request is answered alike
 * either way, and a code for a number with no reset under way is refused as a wrong code is.
 * Admin accounts are not reset here (they come from ADMIN_* or `npm run admin:create`).
 */

const PURPOSE = 'password-reset';

export const RESET_MESSAGES = {
  wrongCode: (left: number) =>
    left > 0
      ? `That code is not right: ${left} ${left === 1 ? 'try' : 'tries'} left`
      : 'That code is not right, and it no longer works: ask for a new code',
  noCode: 'That code is not right, or it has expired: ask for a new code',
} as const;

export const resetCodeSms = (code: string) =>
  `${code} is your ${PRODUCT_NAME} code to choose a new password. It works for ${PASSWORD_RESET_TTL_MINUTES} minutes. If you did not ask for it, ignore this text.`;

/** POST /api/auth/password-reset: texts a fresh code to the account with this phone, if there is one. */
export async function requestPasswordReset(db: Database, phone: string, now = new Date()): Promise<void> {
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), ne(users.role, 'admin')))
    .limit(1);
  if (!account) return;
  const code = newTextedCode(PASSWORD_RESET_CODE_LENGTH);
  const reset = {
    codeHash: hashTextedCode(PURPOSE, account.id, code),
    attempts: 0,
    expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
    createdAt: now,
  };
  await db.transaction(async (tx) => {
    // One code per account: a new one replaces the last, and its tries start again.
    await tx
      .insert(passwordResets)
      .values({ userId: account.id, ...reset })
      .onConflictDoUpdate({ target: passwordResets.userId, set: reset });
    await queueSms(tx, { userId: account.id, foodTruckId: null, toPhone: phone, body: resetCodeSms(code), requested: true });
  });
}

/**
 * POST /api/auth/password-reset/confirm: the right code sets the new password and signs the caller in
 * (the new hash moves the session version on, ending every other session: migration 0002). The code
 * is checked and used up under a row lock, a wrong one counting a try (the last one ends it); the
 * new password is hashed only for the right code, after that transaction, so a wrong guess costs no
 * scrypt and no transaction waits on one.
 */
export async function resetPassword(
  db: Database,
  input: { phone: string; code: string; newPassword: string },
  now = new Date(),
): Promise<Account> {
  const outcome = await db.transaction(async (tx): Promise<{ refused: string } | { userId: number }> => {
    const [reset] = await tx
      .select({ userId: passwordResets.userId, codeHash: passwordResets.codeHash, attempts: passwordResets.attempts })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(and(eq(users.phone, input.phone), gt(passwordResets.expiresAt, now)))
      .for('update', { of: passwordResets })
      .limit(1);
    if (!reset) return { refused: RESET_MESSAGES.noCode };
    const right = textedCodeMatches(PURPOSE, reset.userId, input.code, reset.codeHash);
    const left = PASSWORD_RESET_MAX_ATTEMPTS - (reset.attempts + 1);
    if (right || left <= 0) await tx.delete(passwordResets).where(eq(passwordResets.userId, reset.userId));
    else {
      await tx
        .update(passwordResets)
        .set({ attempts: sql`${passwordResets.attempts} + 1` })
        .where(eq(passwordResets.userId, reset.userId));
    }
    return right ? { userId: reset.userId } : { refused: RESET_MESSAGES.wrongCode(left) };
  });
  // A refusal is answered after the transaction, so a counted try is committed.
  if ('refused' in outcome) throw badRequest(outcome.refused, { code: [outcome.refused] });
  const [account] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: now })
    .where(eq(users.id, outcome.userId))
    .returning(accountColumns);
  // The account was deleted in between: its code is gone with it.
  if (!account) throw badRequest(RESET_MESSAGES.noCode, { code: [RESET_MESSAGES.noCode] });
  return toAccount(account);
}
