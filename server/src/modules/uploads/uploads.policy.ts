import { createHmac, timingSafeEqual } from 'node:crypto';
import { isAdmin, type AuthUser } from '../../plugins/auth';

/** How long an upload URL may be used. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/** Who may ask for an upload URL. */
export const UPLOADER_ROLES = ['operator', 'admin'] as const;

/**
 * The signature in a local upload URL: HMAC-SHA256 of the object id and its uploader, under a key
 * derived from the JWT secret (so it cannot be confused with a token).
 */
export function uploadSignature(secret: string, objectId: string, ownerId: number): string {
  const key = createHmac('sha256', secret).update('food-truck-finder/object-upload-url').digest();
  return createHmac('sha256', key).update(`${objectId}:${ownerId}`).digest('base64url');
}

export function signatureMatches(secret: string, objectId: string, ownerId: number, given: string): boolean {
  const expected = Buffer.from(uploadSignature(secret, objectId, ownerId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * An object may be attached (and, while its bytes are pending in S3, checked) only by its uploader
 * or an admin: an operator cannot publish another user's file by guessing or copying its path.
 */
export function mayAttach(actor: AuthUser, ownerId: number | null): boolean {
  return isAdmin(actor) || ownerId === actor.id;
}
