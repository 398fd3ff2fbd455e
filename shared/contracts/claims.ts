import { z } from 'zod';
import { CLAIM_CODE_LENGTH, CLAIM_METHODS, CLAIM_STATUSES } from '../constants';
import { adminListQuerySchema } from './admin';
import { isoDate, text } from './common';

/**
 * Claiming a listing (issue 26, ADR 0158). POST /api/food-trucks/:id/claims: `method` omitted means
 * a texted code when the listing has a phone, else an admin's review; `admin` also switches the
 * caller's pending code claim to an admin's review ("I can't receive texts at that number").
 */
export const claimStartSchema = z.object({ method: z.enum(CLAIM_METHODS).optional() });
export type ClaimStart = z.infer<typeof claimStartSchema>;

export const CLAIM_CODE_MESSAGE = `Enter the ${CLAIM_CODE_LENGTH}-digit code from the text`;

/** POST /api/claims/:id/code: the texted code (spaces and dashes as people type them are ignored). */
export const claimCodeSchema = z.object({
  code: text()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${CLAIM_CODE_LENGTH}}$`), CLAIM_CODE_MESSAGE)),
});
export type ClaimCode = z.input<typeof claimCodeSchema>;

/** An operator's claim as they see it (never the code or its hash, never the listing's whole phone). */
export const claimSchema = z.object({
  id: z.number().int(),
  foodTruckId: z.number().int(),
  truckName: z.string(),
  address: z.string().nullable(),
  /** Where the listing came from ("SF open data"). */
  sourceName: z.string().nullable(),
  method: z.enum(CLAIM_METHODS),
  status: z.enum(CLAIM_STATUSES),
  /** The last four digits of the phone the code went to (sms claims). */
  phoneLast4: z.string().nullable(),
  expiresAt: isoDate,
  /** When another code may be asked for; null when this claim may text no more codes. */
  resendAt: isoDate.nullable(),
  attemptsLeft: z.number().int(),
  /** Why it was rejected or closed. */
  reason: z.string().nullable(),
  createdAt: isoDate,
  decidedAt: isoDate.nullable(),
});
/** As the client receives it (dates as ISO strings). */
export type Claim = z.input<typeof claimSchema>;

/** A claim in the admin panel: with the operator's contact, the listing's source and its phone. */
export const adminClaimSchema = claimSchema.extend({
  operator: z.object({
    id: z.number().int(),
    username: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  source: z.string(),
  sourceId: z.string(),
  listingPhone: z.string().nullable(),
});
export type AdminClaim = z.input<typeof adminClaimSchema>;

/** GET /api/admin/claims (every status unless one is given; the panel asks for pending): `search` matches the truck, the operator or the source id. */
export const adminClaimsQuerySchema = adminListQuerySchema.extend({
  status: z.enum(CLAIM_STATUSES).optional(),
});
export type AdminClaimsQuery = z.input<typeof adminClaimsQuerySchema>;

export const CLAIM_REASON_MAX = 500;
/** POST /api/admin/claims/:id/reject: the operator is told the reason. */
export const claimRejectSchema = z.object({
  reason: text()
    .trim()
    .min(1, 'Give the operator a reason')
    .max(CLAIM_REASON_MAX, `At most ${CLAIM_REASON_MAX} characters`),
});
export type ClaimReject = z.input<typeof claimRejectSchema>;
