import { and, eq } from 'drizzle-orm';
import { PRODUCT_NAME, TEXTED_CODE_TTL_MINUTES } from '@shared/constants';
import { toE164 } from '@shared/utils/phone';
import type { Database, DbOrTx } from '../../db/client';
import { textedCodes, users } from '../../db/schema';
import { badRequest, conflict, unauthorized } from '../../lib/http-errors';
import { issueTextedCode, redeemTextedCode } from '../../lib/texted-codes';
import { queueSms } from '../sms/sms-outbox.service';
import {
  accountColumns,
  accountConflict,
  checkCurrentPassword,
  isReservedUsername,
  PHONE_TAKEN_MESSAGE,
  RESERVED_USERNAME_MESSAGE,
  toAccount,
  type Account,
} from './auth.service';

/**
 * The signed-in user's own details (PUT /api/auth/me), and a new phone number confirmed by a code
 * texted to it (ADR 0188): the number is where sign-in, password resets and alerts go, so a typo
 * must not move them to a phone its owner does not have.
 */

export const phoneCodeSms = (code: string) =>
  `${code} is your ${PRODUCT_NAME} code to use this number for your account. It works for ${TEXTED_CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this text.`;

/** Texts a fresh 'phone-change' code to `phone` (a new number, or the account's own to confirm it), inside `tx`. */
async function textPhoneCode(tx: DbOrTx, userId: number, phone: string, now: Date): Promise<void> {
  const code = await issueTextedCode(tx, { userId, purpose: 'phone-change', phone }, now);
  await queueSms(tx, { userId, foodTruckId: null, toPhone: phone, body: phoneCodeSms(code), requested: true });
}

/**
 * Changes the user's username and email (an empty one is removed) once their current password checks
 * out. A phone other than theirs is not taken here: a code is texted to it (after `capPhoneCodes`,
 * which may refuse), and `phoneToConfirm` names it. A reserved username, or a username or phone
 * another account has, is a 409 and changes nothing.
 */
export async function updateOwnDetails(
  db: Database,
  userId: number,
  input: { username?: string | undefined; email?: string | undefined; phone: string; currentPassword: string },
  {
    adminUsername,
    capPhoneCodes,
  }: { adminUsername?: string | undefined; capPhoneCodes?: (phone: string) => Promise<void> } = {},
  now = new Date(),
): Promise<{ account: Account; phoneToConfirm: string | null }> {
  await checkCurrentPassword(db, userId, input.currentPassword);
  const [before] = await db.select({ username: users.username, phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1);
  if (!before) throw unauthorized();
  // A name already theirs stays theirs (the admin's own account keeps its reserved name).
  if (input.username && input.username !== before.username && isReservedUsername(input.username, adminUsername))
    throw conflict(RESERVED_USERNAME_MESSAGE);
  const phone = toE164(input.phone);
  const phoneToConfirm = phone === before.phone ? null : phone;
  if (phoneToConfirm) {
    const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phoneToConfirm)).limit(1);
    if (holder) throw conflict(PHONE_TAKEN_MESSAGE);
    await capPhoneCodes?.(phoneToConfirm);
  }
  try {
    return await db.transaction(async (tx) => {
      const [account] = await tx
        .update(users)
        .set({ username: input.username ?? null, email: input.email ?? null, updatedAt: now })
        .where(eq(users.id, userId))
        .returning(accountColumns);
      if (!account) throw unauthorized();
      if (phoneToConfirm) {
        await textPhoneCode(tx, userId, phoneToConfirm, now);
      }
      return { account: toAccount(account), phoneToConfirm };
    });
  } catch (err) {
    throw accountConflict(err);
  }
}

export const ALREADY_CONFIRMED = 'This number is already confirmed';
export const NO_PHONE = 'This account has no phone number';

/**
 * POST /api/auth/me/phone/code: texts a code to the account's own number, to confirm it (ADR 0189:
 * alerts are texted only to a confirmed number). `capPhoneCodes` may refuse, as for a new number.
 */
export async function sendPhoneConfirmationCode(
  db: Database,
  userId: number,
  { capPhoneCodes }: { capPhoneCodes?: (phone: string) => Promise<void> } = {},
  now = new Date(),
): Promise<{ phoneToConfirm: string }> {
  const [account] = await db
    .select({ phone: users.phone, confirmedAt: users.phoneConfirmedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) throw unauthorized();
  if (!account.phone) throw badRequest(NO_PHONE);
  if (account.confirmedAt) throw conflict(ALREADY_CONFIRMED);
  const phone = account.phone;
  await capPhoneCodes?.(phone);
  await db.transaction((tx) => textPhoneCode(tx, userId, phone, now));
  return { phoneToConfirm: phone };
}

/**
 * POST /api/auth/me/phone: the code texted to a number makes it the account's, confirmed: a new
 * number (PUT /api/auth/me), or its own (POST /api/auth/me/phone/code). A password
 * reset asked for on the old number stops working. The session goes on (a number is not a
 * credential on its own). A number another account took in the meantime is a 409.
 */
export async function confirmPhoneChange(db: Database, userId: number, code: string, now = new Date()): Promise<Account> {
  const outcome = await redeemTextedCode(db, 'phone-change', { userId }, code, now);
  if ('refused' in outcome) throw badRequest(outcome.refused, { code: [outcome.refused] });
  try {
    return await db.transaction(async (tx) => {
      const [account] = await tx
        .update(users)
        .set({ phone: outcome.phone, phoneConfirmedAt: now, updatedAt: now })
        .where(eq(users.id, userId))
        .returning(accountColumns);
      if (!account) throw unauthorized();
      await tx.delete(textedCodes).where(and(eq(textedCodes.userId, userId), eq(textedCodes.purpose, 'password-reset')));
      return toAccount(account);
    });
  } catch (err) {
    throw accountConflict(err);
  }
}
