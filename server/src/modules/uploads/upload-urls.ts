import { eq } from 'drizzle-orm';
import type { UploadPurpose } from '@shared/contracts';
import { storedObjects } from '../../db/schema';
import { conflict, forbidden, gone, notFound, unauthorized } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import { OBJECT_ID } from './media';
import { newObjectId, type ObjectRow, type UploadDeps } from './stored-objects';
import { signatureMatches, UPLOAD_URL_TTL_SECONDS, uploadSignature } from './uploads.policy';

/**
 * Issues an upload URL. Local store: `{origin}/api/objects/upload/{signature}/{id}` (PUT with the
 * uploader's bearer token). S3: a presigned PUT to `incoming/{id}`, checked when first attached.
 */
export async function createUploadURL(
  deps: UploadDeps,
  actor: AuthUser,
  purpose: UploadPurpose,
  origin: string,
): Promise<string> {
  const id = newObjectId();
  await deps.db.insert(storedObjects).values({
    id,
    ownerId: actor.id,
    purpose,
    status: 'pending',
    expiresAt: new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000),
  });
  if (deps.storage.presignIncoming) return deps.storage.presignIncoming(id, UPLOAD_URL_TTL_SECONDS);
  return `${origin}/api/objects/upload/${uploadSignature(deps.secret, id, actor.id)}/${id}`;
}

/**
 * The checks of a PUT to a local upload URL that need no bytes, so refusals happen before the body
 * is read: a valid signature, the uploader's own token, not used, not expired.
 */
export async function admitUpload(
  deps: UploadDeps,
  user: AuthUser | null,
  signature: string,
  id: string,
): Promise<ObjectRow> {
  if (deps.storage.presignIncoming) throw notFound('Uploads go directly to the object store');
  const [row] = OBJECT_ID.test(id)
    ? await deps.db.select().from(storedObjects).where(eq(storedObjects.id, id)).limit(1)
    : [];
  if (!row || row.ownerId === null || !signatureMatches(deps.secret, id, row.ownerId, signature)) {
    throw forbidden('This upload URL is not valid');
  }
  if (!user) throw unauthorized('Sign in to upload files');
  if (user.id !== row.ownerId) throw forbidden('This upload URL belongs to another user');
  if (row.status !== 'pending') throw conflict('This upload URL has already been used');
  if (row.expiresAt.getTime() <= Date.now()) throw gone('This upload URL has expired. Please try again.');
  return row;
}
