import type { AuthUser } from '../../plugins/auth';
import type { DbOrTx } from '../../db/client';

/** What a stored file is used for; decides the allowed types and the size limit. */
export const UPLOAD_PURPOSES = ['image', 'truck-image', 'banner', 'gallery', 'menu-document', 'menu-item-image'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/**
 * Turns a media reference sent by a client into the one the database keeps: an existing
 * `/objects/{id}` stays as it is, a data URL is checked and stored as an object. Anything else is a 400.
 */
export interface MediaResolver {
  resolve(tx: DbOrTx, actor: AuthUser, ref: string, purpose: UploadPurpose, field: string): Promise<string>;
}

export const OBJECT_REF = /^\/objects\/([A-Za-z0-9_-]{22})$/;
