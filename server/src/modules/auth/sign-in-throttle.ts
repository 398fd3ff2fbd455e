import type { Database } from '../../db/client';
import { HttpError } from '../../lib/http-errors';
import { clear, hit, MINUTE_MS, tooManyRequests, unhit, type RateLimits } from '../../lib/rate-limits';
import { toE164 } from '@shared/utils/phone';

export const SIGN_IN_THROTTLED = 'Too many failed sign-in attempts. Please wait a few minutes and try again.';

/** One key per account however its name is written (any case; a phone number in any format). */
function accountKey(login: string): string {
  const name = login.trim().toLowerCase();
  return `sign-in:account:${/^\+?[\d\s().-]{7,20}$/.test(name) ? toE164(name) : name}`;
}

/**
 * Failed sign-ins counted per account name and per client address, in the database (every process
 * sees the same counts). Over either limit, sign-in answers 429 with Retry-After — before the
 * password is checked, so guessing stops too — until the window that began with the first failure
 * ends: a user is never locked out for longer than one window. A successful sign-in clears the
 * account's count. ADR 0110.
 *
 * Each attempt is counted atomically *before* its password is checked, and given back when it
 * turns out not to be a failure: checking first and counting after let 30 concurrent guesses all
 * pass the check (21 passwords tried against a limit of 10 on PostgreSQL; issue 32).
 */
export async function withSignInThrottle<T>(
  db: Database,
  limits: RateLimits,
  login: string,
  address: string,
  signIn: () => Promise<T>,
): Promise<T> {
  const keys = { account: accountKey(login), address: `sign-in:address:${address}` };
  const window = limits.signInWindowMinutes * MINUTE_MS;
  const account = await hit(db, keys.account, window);
  if (account.hits > limits.signInFailuresPerAccount) throw tooManyRequests(SIGN_IN_THROTTLED, account.ttlMs);
  const fromAddress = await hit(db, keys.address, window);
  if (fromAddress.hits > limits.signInFailuresPerAddress) {
    await unhit(db, keys.account);
    throw tooManyRequests(SIGN_IN_THROTTLED, fromAddress.ttlMs);
  }
  try {
    const result = await signIn();
    await Promise.all([clear(db, [keys.account]), unhit(db, keys.address)]);
    return result;
  } catch (error) {
    // A wrong name or password keeps its count; anything else (a bad request, an outage) was no guess.
    if (!(error instanceof HttpError && error.statusCode === 401)) {
      await Promise.all([unhit(db, keys.account), unhit(db, keys.address)]).catch(() => undefined);
    }
    throw error;
  }
}
