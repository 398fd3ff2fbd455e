import { describe, expect, it } from 'vitest';
import { CLAIM_MAX_CODE_ATTEMPTS, CLAIM_MAX_CODES, CLAIM_RESEND_COOLDOWN_SECONDS } from '@shared/constants';
import {
  attemptsLeft,
  claimCodeMatches,
  claimExpiry,
  codeRefusal,
  effectiveStatus,
  hashClaimCode,
  newClaimCode,
  resendAt,
  resendRefusal,
  type ClaimState,
} from './claim-rules';

const now = new Date('2026-11-26T12:00:00Z');
const pendingSms = (over: Partial<ClaimState> = {}): ClaimState => ({
  method: 'sms',
  status: 'pending',
  attempts: 0,
  codesSent: 1,
  codeSentAt: new Date(now.getTime() - 10_000),
  expiresAt: new Date(now.getTime() + 60_000),
  ...over,
});

describe('claim codes', () => {
  it('are six digits, leading zeros kept, and differ', () => {
    const codes = Array.from({ length: 200 }, newClaimCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it('are stored as a hash bound to their claim, and match only themselves', () => {
    const hash = hashClaimCode(7, '012345');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashClaimCode(8, '012345')).not.toBe(hash);
    expect(claimCodeMatches(7, '012345', hash)).toBe(true);
    expect(claimCodeMatches(7, '012346', hash)).toBe(false);
    expect(claimCodeMatches(8, '012345', hash)).toBe(false);
    expect(claimCodeMatches(7, '012345', null)).toBe(false);
    expect(claimCodeMatches(7, '012345', 'abc')).toBe(false);
  });
});

describe('claim rules', () => {
  it('a code works 15 minutes; an admin review 30 days', () => {
    expect(claimExpiry('sms', now).getTime() - now.getTime()).toBe(15 * 60_000);
    expect(claimExpiry('admin', now).getTime() - now.getTime()).toBe(30 * 86_400_000);
  });

  it('a pending claim past its expiry is expired; decided ones keep their status', () => {
    expect(effectiveStatus(pendingSms(), now)).toBe('pending');
    expect(effectiveStatus(pendingSms({ expiresAt: now }), now)).toBe('expired');
    expect(effectiveStatus(pendingSms({ status: 'approved', expiresAt: now }), now)).toBe('approved');
  });

  it('checks a code only on a pending, unexpired code claim with tries left', () => {
    expect(codeRefusal(pendingSms(), now)).toBeNull();
    expect(codeRefusal(pendingSms({ status: 'rejected' }), now)).toBe('not-pending');
    expect(codeRefusal(pendingSms({ method: 'admin' }), now)).toBe('not-sms');
    expect(codeRefusal(pendingSms({ expiresAt: new Date(now.getTime() - 1) }), now)).toBe('expired');
    expect(codeRefusal(pendingSms({ attempts: CLAIM_MAX_CODE_ATTEMPTS }), now)).toBe('locked');
    expect(attemptsLeft(pendingSms({ attempts: 2 }))).toBe(CLAIM_MAX_CODE_ATTEMPTS - 2);
    expect(attemptsLeft(pendingSms({ method: 'admin' }))).toBe(0);
  });

  it('texts another code after the cool-down, at most CLAIM_MAX_CODES in all', () => {
    const claim = pendingSms();
    const at = resendAt(claim, now);
    expect(at?.getTime()).toBe(claim.codeSentAt!.getTime() + CLAIM_RESEND_COOLDOWN_SECONDS * 1000);
    expect(resendRefusal(claim, now)).toEqual({ kind: 'cooldown', waitMs: at!.getTime() - now.getTime() });
    const later = new Date(at!.getTime());
    expect(resendRefusal({ ...claim, expiresAt: new Date(later.getTime() + 1) }, later)).toBeNull();
    expect(resendRefusal(pendingSms({ codesSent: CLAIM_MAX_CODES }), now)).toEqual({ kind: 'no-more-codes' });
    expect(resendAt(pendingSms({ codesSent: CLAIM_MAX_CODES }), now)).toBeNull();
    expect(resendRefusal(pendingSms({ method: 'admin' }), now)).toEqual({ kind: 'not-sms' });
    expect(resendRefusal(pendingSms({ status: 'approved' }), now)).toEqual({ kind: 'not-pending' });
  });
});
