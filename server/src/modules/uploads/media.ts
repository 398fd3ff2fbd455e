import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import type { UploadPurpose } from '@shared/contracts';

export type { UploadPurpose };

/**
 * Turns a media reference sent by a client into the one the database keeps: an existing
 * `/objects/{id}` stays as it is, a data URL is checked and stored as an object. Anything else is a 400.
 */
export interface MediaResolver {
  resolve(tx: DbOrTx, actor: AuthUser, ref: string, purpose: UploadPurpose, field: string): Promise<string>;
}

/** Object ids: 16 random bytes, base64url. */
export const OBJECT_ID = /^[A-Za-z0-9_-]{22}$/;
export const OBJECT_REF = /^\/objects\/([A-Za-z0-9_-]{22})$/;
