import { and, eq, ne } from 'drizzle-orm';
import { PRODUCT_NAME, TEXTED_CODE_TTL_MINUTES } from '@shared/constants';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';
import { hashPassword } from '../../lib/passwords';
import { issueTextedCode, redeemTextedCode, TEXTED_CODE_REFUSALS } from '../../lib/texted-codes';
import { queueSms } from '../sms/sms-outbox.service';
import { accountColumns, toAccount, type Account } from './auth.service';

/**
 * "Forgot your password?" (ADR 0187): a code texted to the account's phone, then a new password
 * with it. Nothing answered says whether an account has a number: a request is answered alike
 * either way, and a code for a number with no reset under way is refused as a wrong code is.
 * Admin accounts are not reset here (they come from ADMIN_* or `npm run admin:create`).
 */

export const resetCodeSms = (code: string) =>
  `${code} is your ${PRODUCT_NAME} code to choose a new password. It works for ${TEXTED_CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this text.`;

/** POST /api/auth/password-reset: texts a fresh code to the account with this phone, if there is one. */
export async function requestPasswordReset(db: Database, phone: string, now = new Date()): Promise<void> {
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), ne(users.role, 'admin')))
    .limit(1);
  if (!account) return;
  await db.transaction(async (tx) => {
    const code = await issueTextedCode(tx, { userId: account.id, purpose: 'password-reset', phone }, now);
    await queueSms(tx, { userId: account.id, foodTruckId: null, toPhone: phone, body: resetCodeSms(code), requested: true });
  });
}

/**
 * POST /api/auth/password-reset/confirm: the right code sets the new password and signs the caller in
 * (the new hash moves the session version on, ending every other session: migration 0002). The code
 * is checked and used up first (`redeemTextedCode`); the new password is hashed only for the right
 * code, after that transaction, so a wrong guess costs no scrypt and no transaction waits on one.
 */
export async function resetPassword(
  db: Database,
  input: { phone: string; code: string; newPassword: string },
  now = new Date(),
): Promise<Account> {
  const outcome = await redeemTextedCode(db, 'password-reset', { phone: input.phone }, input.code, now);
  if ('refused' in outcome) throw badRequest(outcome.refused, { code: [outcome.refused] });
  const [account] = await db
    .update(users)
    // The code reached this phone: it is the holder's (ADR 0189).
    .set({ passwordHash: await hashPassword(input.newPassword), phoneConfirmedAt: now, updatedAt: now })
    .where(and(eq(users.id, outcome.userId), eq(users.phone, outcome.phone)))
    .returning(accountColumns);
  // The account was deleted, or moved to another number, in between: the code is no longer its.
  if (!account) throw badRequest(TEXTED_CODE_REFUSALS.noCode, { code: [TEXTED_CODE_REFUSALS.noCode] });
  return toAccount(account);
}
