import {
  CLAIM_ADMIN_REVIEW_DAYS,
  CLAIM_CODE_LENGTH,
  CLAIM_CODE_TTL_MINUTES,
  CLAIM_MAX_CODE_ATTEMPTS,
  CLAIM_MAX_CODES,
  CLAIM_RESEND_COOLDOWN_SECONDS,
  type ClaimMethod,
  type ClaimStatus,
} from '@shared/constants';
import { hashTextedCode, newTextedCode, textedCodeMatches } from '../../lib/texted-codes';

/**
 * The rules of a claim (issue 26, ADR 0158), free of I/O so they are tested alone: the code, its
 * hash, when it expires, how many tries and resends are left. The service applies them under a
 * row lock.
 */

/** A fresh code: CLAIM_CODE_LENGTH digits from the CSPRNG, leading zeros kept. */
export const newClaimCode = (): string => newTextedCode(CLAIM_CODE_LENGTH);

/** What is stored of a code (server/src/lib/texted-codes.ts): over the claim id and the code. */
export const hashClaimCode = (claimId: number, code: string): string => hashTextedCode('truck-claim', claimId, code);

export const claimCodeMatches = (claimId: number, code: string, storedHash: string | null): boolean =>
  textedCodeMatches('truck-claim', claimId, code, storedHash);

/** When a claim made (or a code texted) at `from` stops working. */
export function claimExpiry(method: ClaimMethod, from: Date): Date {
  return method === 'sms'
    ? new Date(from.getTime() + CLAIM_CODE_TTL_MINUTES * 60_000)
    : new Date(from.getTime() + CLAIM_ADMIN_REVIEW_DAYS * 86_400_000);
}

export interface ClaimState {
  method: ClaimMethod;
  status: ClaimStatus;
  attempts: number;
  codesSent: number;
  codeSentAt: Date | null;
  expiresAt: Date;
}

/** The status as of `now`: a pending claim past its expiry is expired, whatever the row still says. */
export function effectiveStatus(claim: Pick<ClaimState, 'status' | 'expiresAt'>, now: Date): ClaimStatus {
  return claim.status === 'pending' && claim.expiresAt.getTime() <= now.getTime() ? 'expired' : claim.status;
}

export function attemptsLeft(claim: Pick<ClaimState, 'method' | 'attempts'>): number {
  return claim.method === 'sms' ? Math.max(0, CLAIM_MAX_CODE_ATTEMPTS - claim.attempts) : 0;
}

/** When the next code may be texted; null when none may (not a pending code claim, or all codes used). */
export function resendAt(claim: ClaimState, now: Date): Date | null {
  if (claim.method !== 'sms' || effectiveStatus(claim, now) !== 'pending') return null;
  if (claim.codesSent >= CLAIM_MAX_CODES) return null;
  const sent = claim.codeSentAt?.getTime() ?? 0;
  return new Date(sent + CLAIM_RESEND_COOLDOWN_SECONDS * 1000);
}

/** Why a code cannot be checked now, or null when it can. */
export type CodeRefusal = 'not-sms' | 'not-pending' | 'expired' | 'locked';
export function codeRefusal(claim: ClaimState, now: Date): CodeRefusal | null {
  if (claim.status !== 'pending') return 'not-pending';
  if (claim.method !== 'sms') return 'not-sms';
  if (effectiveStatus(claim, now) === 'expired') return 'expired';
  if (claim.attempts >= CLAIM_MAX_CODE_ATTEMPTS) return 'locked';
  return null;
}

/** Why another code cannot be texted now (with the seconds to wait), or null when it can. */
export type ResendRefusal = { kind: 'not-pending' | 'not-sms' | 'no-more-codes' } | { kind: 'cooldown'; waitMs: number };
export function resendRefusal(claim: ClaimState, now: Date): ResendRefusal | null {
  if (effectiveStatus(claim, now) !== 'pending') return { kind: 'not-pending' };
  if (claim.method !== 'sms') return { kind: 'not-sms' };
  if (claim.codesSent >= CLAIM_MAX_CODES) return { kind: 'no-more-codes' };
  const at = resendAt(claim, now);
  const waitMs = at ? at.getTime() - now.getTime() : 0;
  return waitMs > 0 ? { kind: 'cooldown', waitMs } : null;
}

/** The text with the code (no link: a code is typed into the page that asked for it). */
export function claimCodeSms(truckName: string, code: string): string {
  return `Food Truck Finder: ${code} is your code to claim ${truckName}. It expires in ${CLAIM_CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this text.`;
}

export function claimDecisionSms(truckName: string, decision: { approved: true } | { approved: false; reason: string }, publicUrl: string): string {
  return decision.approved
    ? `Food Truck Finder: your claim of ${truckName} was approved. It is on your dashboard now: ${publicUrl}/operator-dashboard`
    : `Food Truck Finder: your claim of ${truckName} was not approved: ${decision.reason}`;
}
